// Request validation with zod: reads the JSON body and turns zod's issues into the `fields` map of a 422
// `validation_failed` answer (PRODUCT.md §8), one message per field, keyed by the field's dotted path.
import type { z } from 'zod'
import { type FieldErrors, HttpError } from './http.ts'

/** Key for problems with the body as a whole (not JSON, not an object, a rule across fields). */
export const BODY_FIELD = 'body'

/** One message per field: the first issue zod reports for it wins; unknown keys are named one by one. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  const put = (key: string, message: string) => {
    fields[key] ??= message
  }
  for (const issue of error.issues) {
    const prefix = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) put(prefix ? `${prefix}.${key}` : key, 'This field is not accepted.')
    } else {
      put(prefix || BODY_FIELD, issue.message)
    }
  }
  return fields
}

export function validationFailed(fields: FieldErrors): HttpError {
  return new HttpError(422, 'validation_failed', 'Some fields need attention.', fields)
}

/** Parses `value` with `schema`, or throws a 422 carrying the fields map. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(fieldErrors(result.error))
  return result.data
}

/**
 * The request body as JSON. An empty or malformed body is a 422 on `body` like any other bad input (not a 400), so
 * clients handle one code for everything they sent wrong.
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') throw validationFailed({ [BODY_FIELD]: 'Send a JSON object.' })
  try {
    return JSON.parse(text)
  } catch {
    throw validationFailed({ [BODY_FIELD]: 'The body is not valid JSON.' })
  }
}

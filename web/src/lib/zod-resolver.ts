// react-hook-form's resolver for the forms' zod schemas. @hookform/resolvers' adapter does the same for zod 3 and 4,
// with options none of these forms use (criteriaMode 'all', the browser's own validation messages, raw values), and
// put 0.8-0.9 KiB gzip more into the first load of every page with a form; this one keeps what the forms rely on:
//   - the schema's output (trimmed, transformed) as the submitted values;
//   - each field's first problem, with the field's element (react-hook-form focuses it);
//   - a field array's own problem ("tick at least one") under `root`, so its items' problems stay beside it.
import { get, set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form'
import type * as z from 'zod/mini'

export function zodResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values)
    if (parsed.success) return { values: parsed.data, errors: {} }

    const firstProblems = new Map<string, FieldError>()
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.')
      if (firstProblems.has(name)) continue
      const field = get(options.fields, name) as { ref?: FieldError['ref']; refs?: FieldError['ref'][] } | undefined
      firstProblems.set(name, { type: issue.code, message: issue.message, ref: field?.refs?.[0] ?? field?.ref })
    }
    const names = options.names ?? [...firstProblems.keys()]
    const errors: FieldErrors<Input> = {}
    for (const [name, error] of firstProblems) {
      const isFieldArray = names.some(
        (other) => other.startsWith(`${name}.`) && /^\d/.test(other.slice(name.length + 1)),
      )
      if (isFieldArray) set(errors, `${name}.root`, error)
      else set(errors, name, error)
    }
    return { values: {}, errors }
  }
}

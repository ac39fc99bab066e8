// The invite_school_member call's refusals, passed on to the owner as the same error: its code, sentence, per-field
// messages, and for the daily invitation limit the seconds to wait as Retry-After. Anything else is the server's
// fault and stays out of the answer.
import { z } from 'zod'
import { type ErrorCode, HttpError } from '../_shared/http.ts'

const refusals: ErrorCode[] = ['not_signed_in', 'forbidden', 'validation_failed', 'rate_limited']

const detailsSchema = z.object({
  fields: z.record(z.string(), z.string()).optional(),
  retry_after_s: z.number().int().positive().optional(),
})

/** The HttpError for a refusal the database raised, or undefined when the error is not one of its refusals. */
export function refusalOf(
  error: { code?: string; message?: string; details?: unknown },
  status: number,
): HttpError | undefined {
  const code = refusals.find((known) => known === error.code)
  if (!code) return undefined
  const details = detailsSchema.safeParse(parseDetails(error.details))
  const { fields, retry_after_s: retryAfter } = details.success ? details.data : {}
  const headers = retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) }
  return new HttpError(status, code, error.message ?? 'The request was refused.', fields, headers)
}

/** PostgREST passes the error's details on as JSON text (or, from some clients, as the object itself). */
function parseDetails(details: unknown): unknown {
  if (typeof details !== 'string') return details
  try {
    return JSON.parse(details)
  } catch {
    return undefined
  }
}

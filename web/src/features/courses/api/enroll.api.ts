// Enrolling through the `enroll` edge function: by the course's mode (`{ slug }`), with an access code
// (`{ slug, code }`) or through an invite link (`{ invite_token }`). Its errors arrive as `{ error: { code, message,
// fields? } }` in the body of a non-2xx response, which supabase-js wraps in FunctionsHttpError; we unwrap them into
// an EnrollError carrying the code (and Retry-After for rate_limited), so the UI can say what happened (§8).
import * as z from 'zod/mini'
import { functionHttpResponse } from '@/lib/errors'
import type { SupabaseClient } from '@/lib/supabase'

const enrollResponseSchema = z.object({
  enrollment: z.object({
    id: z.string(),
    course_id: z.string(),
    status: z.enum(['active', 'completed', 'removed']),
    source: z.string(),
    enrolled_at: z.string(),
  }),
  created: z.boolean(),
})
export type EnrollResult = z.infer<typeof enrollResponseSchema>

/** The three bodies the function takes (PRODUCT.md §7). */
export type EnrollRequest = { slug: string } | { slug: string; code: string } | { invite_token: string }

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
})

/** A refusal from the enroll function, with the catalogue code (`enrollment_closed`, `code_invalid`, ...). */
export class EnrollError extends Error {
  readonly code: string
  readonly status: number
  readonly fields: Record<string, string> | undefined
  /** Seconds until another attempt may pass (rate_limited), when the response let the browser read Retry-After. */
  readonly retryAfterS: number | undefined

  constructor(
    code: string,
    message: string,
    status: number,
    options: { fields?: Record<string, string> | undefined; retryAfterS?: number | undefined } = {},
  ) {
    super(message)
    this.name = 'EnrollError'
    this.code = code
    this.status = status
    this.fields = options.fields
    this.retryAfterS = options.retryAfterS
  }
}

export async function enroll(client: SupabaseClient, body: EnrollRequest): Promise<EnrollResult> {
  const { data, error } = await client.functions.invoke('enroll', { body })
  if (error) throw await toEnrollError(error)
  return enrollResponseSchema.parse(data)
}

/** Retry-After in seconds (the function sends delta-seconds); undefined when absent or unreadable. */
export function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')
  if (value === null || !/^\d+$/.test(value.trim())) return undefined
  return Number(value.trim())
}

async function toEnrollError(error: unknown): Promise<unknown> {
  const response = functionHttpResponse(error)
  if (!response) return error
  const body: unknown = await response.json().catch(() => null)
  const parsed = errorBodySchema.safeParse(body)
  if (!parsed.success) return new EnrollError('unknown', (error as Error).message, response.status)
  const { code, message, fields } = parsed.data.error
  return new EnrollError(code, message, response.status, { fields, retryAfterS: retryAfterSeconds(response) })
}

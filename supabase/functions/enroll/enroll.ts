// Enrolling the caller (PRODUCT.md §4, §7): the whole decision (mode, invite, code, expiry, uses, email domain,
// attempts, and the sentences users read) is the database's public.enroll (migration 20261129170000), which
// checks, counts and enrolls in one transaction and answers refusals as a value. Here that value becomes the enroll
// result or the HttpError of PRODUCT.md §8.
import { z } from 'zod'
import { type ErrorCode, HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import type { EnrollRequest } from './schema.ts'

/** The refusals public.enroll answers; anything else from it is a bug, not a client error. */
const refusalCodes = [
  'invite_invalid',
  'invite_expired',
  'invite_used_up',
  'email_domain_not_allowed',
  'code_invalid',
  'rate_limited',
  'course_not_found',
  'enrollment_closed',
  'forbidden',
] as const satisfies readonly ErrorCode[]

const answerSchema = z.union([
  z.object({
    enrollment: z.object({
      id: z.string(),
      course_id: z.string(),
      status: z.enum(['active', 'completed', 'removed']),
      source: z.enum(['open', 'invite', 'code', 'manual']),
      enrolled_at: z.string(),
    }),
    created: z.boolean(),
  }),
  z.object({
    error: z.object({
      code: z.enum(refusalCodes),
      message: z.string(),
      status: z.number().int().min(400).max(499),
      retry_after_s: z.number().int().positive().optional(),
    }),
  }),
])

export type EnrollResult = Extract<z.output<typeof answerSchema>, { enrollment: unknown }>

/** The enroll result of public.enroll's answer, or the HttpError it stands for (429 with Retry-After). */
export function resultOf(answer: unknown): EnrollResult {
  const parsed = answerSchema.safeParse(answer)
  if (!parsed.success) throw new Error(`unexpected answer from public.enroll: ${JSON.stringify(answer)}`)
  const value = parsed.data
  if ('enrollment' in value) return value
  const { code, message, status, retry_after_s } = value.error
  const headers = retry_after_s === undefined ? undefined : { 'Retry-After': String(retry_after_s) }
  throw new HttpError(status, code, message, undefined, headers)
}

// Service role: public.enroll is executable by it alone, because a refused code attempt must be counted and
// committed, so refusals come back as values that only this function turns into HTTP errors. The user id comes
// from the session Auth verified in requireUser, never from the body.
export async function enroll(admin: Client, userId: string, request: EnrollRequest): Promise<EnrollResult> {
  const args = request.kind === 'invite' ? { invite_token: request.token } : {
    course_slug: request.ref.column === 'slug' ? request.ref.value : undefined,
    course_id: request.ref.column === 'id' ? request.ref.value : undefined,
    code: request.kind === 'code' ? request.code : undefined,
  }
  const { data, error } = await admin.rpc('enroll', { user_id: userId, ...args })
  if (error) throw new Error(`enrolling failed: ${error.message}`, { cause: error })
  return resultOf(data)
}

// Redeeming an invite link or an access code: one call to the database (redeem_course_invite,
// redeem_access_code), which checks, counts the use or the failed attempt and enrolls in one transaction, and
// answers refusals as a value. Here that value becomes the enroll result or the HttpError of PRODUCT.md §8.
import { z } from 'zod'
import { type ErrorCode, HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import type { EnrollResult } from './enroll.ts'

/** The refusals the redeem calls answer; anything else from them is a bug, not a client error. */
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

/** The enroll result of a redeem call's answer, or the HttpError it stands for (429 with Retry-After). */
export function resultOf(answer: unknown): EnrollResult {
  const parsed = answerSchema.safeParse(answer)
  if (!parsed.success) throw new Error(`unexpected answer from the redeem call: ${JSON.stringify(answer)}`)
  const value = parsed.data
  if ('enrollment' in value) return value
  const { code, message, status, retry_after_s } = value.error
  const headers = retry_after_s === undefined ? undefined : { 'Retry-After': String(retry_after_s) }
  throw new HttpError(status, code, message, undefined, headers)
}

// Service role: the redeem calls are executable by it alone, because a refused code attempt must be counted and
// committed, so refusals come back as values that only this function turns into HTTP errors (see the migration
// 20261124110600). The user id comes from the session Auth verified in requireUser, never from the body.

export async function redeemInvite(admin: Client, userId: string, token: string): Promise<EnrollResult> {
  const { data, error } = await admin.rpc('redeem_course_invite', { user_id: userId, invite_token: token })
  if (error) throw new Error(`redeeming the invite failed: ${error.message}`, { cause: error })
  return resultOf(data)
}

export async function redeemCode(admin: Client, userId: string, courseId: string, code: string): Promise<EnrollResult> {
  const { data, error } = await admin.rpc('redeem_access_code', { user_id: userId, course_id: courseId, code })
  if (error) throw new Error(`redeeming the access code failed: ${error.message}`, { cause: error })
  return resultOf(data)
}

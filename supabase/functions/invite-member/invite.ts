// Inviting someone to teach at a school (PRODUCT.md §1, §7). The database records the invitation as the caller
// (invite_school_member checks that they own the school and counts the day's invitations) and never says whether
// the address has an account. Auth then sends the email: an invite that creates the account, or, when Auth answers
// that the address is registered, a sign-in link; either lands on /studio, where the invitee accepts. The owner's
// answer is the same in both cases.
import { z } from 'zod'
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import { refusalOf } from './refusal.ts'
import type { InviteMemberBody } from './schema.ts'

export interface Clients {
  /** Acts as the caller: the invitation is written by a call that checks they own the school. */
  user: Client
  /** Service role: only for Auth's admin invite, which creates the invitee's account. */
  admin: Client
  /** Publishable key, no session: asks Auth for a sign-in link to an existing account. */
  anon: Client
}

export type InviteResult = { status: 'invited' | 'already_member'; school_id: string; email: string; role: string }

const answerSchema = z.object({ status: z.enum(['invited', 'already_member']) })

// What GoTrue's admin invite answers (422) for an address whose account is confirmed: email_exists, or
// user_already_exists from its generic duplicate path. An unconfirmed account gets the invite again instead.
const registered = new Set(['email_exists', 'user_already_exists'])

export async function inviteMember(
  clients: Clients,
  body: InviteMemberBody,
  redirectTo?: string,
): Promise<InviteResult> {
  const status = await recordInvitation(clients.user, body)
  const result: InviteResult = { status, school_id: body.school_id, email: body.email, role: body.role }
  if (status === 'already_member') return result
  if (await sendAuthInvite(clients.admin, body.email, redirectTo)) return result
  await sendSignInLink(clients.anon, body.email, redirectTo)
  return result
}

async function recordInvitation(user: Client, body: InviteMemberBody): Promise<'invited' | 'already_member'> {
  const { data, error, status } = await user.rpc('invite_school_member', {
    school_id: body.school_id,
    email: body.email,
    role: body.role,
  })
  if (error) {
    const refusal = refusalOf(error, status)
    if (!refusal) throw new Error(`recording the invitation failed: ${error.message}`, { cause: error })
    throw refusal
  }
  const parsed = answerSchema.safeParse(data)
  if (!parsed.success) throw new Error(`unexpected answer from invite_school_member: ${JSON.stringify(data)}`)
  return parsed.data.status
}

/** Auth's invite email, which creates the account; false when Auth answers that the address is registered. */
async function sendAuthInvite(admin: Client, email: string, redirectTo?: string): Promise<boolean> {
  const { error } = await admin.auth.admin.inviteUserByEmail(email, { redirectTo })
  if (!error) return true
  if (error.code && registered.has(error.code)) return false
  if (error.status === 429) throw emailBudgetSpent()
  throw new Error(`Auth's invite failed: ${error.message}`, { cause: error })
}

/**
 * A sign-in link for an existing account. Only the project's email budget is news to the owner (a new address
 * meets it in the invite just the same). Auth's per-address wait between links, a banned account and the like are
 * not passed on: a new address has no such wait, so the answer would tell the two apart, and the invitation waits
 * on /studio either way.
 */
async function sendSignInLink(anon: Client, email: string, redirectTo?: string): Promise<void> {
  const { error } = await anon.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  })
  if (!error) return
  if (error.status === 429 && !isPerAddressWait(error.message)) throw emailBudgetSpent()
  console.warn(`invite-member: no sign-in link sent (${error.code ?? error.status}): ${error.message}`)
}

/**
 * GoTrue answers both its hourly email budget and its per-address wait (max_frequency) with 429
 * over_email_send_rate_limit; only the wait's sentence says "you can only request this after N seconds".
 */
export function isPerAddressWait(message: string): boolean {
  return /only request this after \d+ seconds?/i.test(message)
}

function emailBudgetSpent(): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    'Too many emails were sent in the last hour. The invitation is saved; try sending it again later.',
  )
}

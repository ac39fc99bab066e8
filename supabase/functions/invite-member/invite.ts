// Inviting someone to teach at a school (PRODUCT.md §1, §7). The database records the invitation as the caller
// (invite_school_member checks that they own the school, so the body is never trusted for that) and says whether
// the address already has an account. Auth then sends the email: an invite that creates the account for a new
// address, a sign-in link for an existing one; either lands on /studio, where the invitee accepts.
import { z } from 'zod'
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
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

const answerSchema = z.object({ status: z.enum(['invited', 'already_member']), account_exists: z.boolean() })
const refusals = ['not_signed_in', 'forbidden', 'validation_failed'] as const

export async function inviteMember(
  clients: Clients,
  body: InviteMemberBody,
  redirectTo?: string,
): Promise<InviteResult> {
  const answer = await recordInvitation(clients.user, body)
  const result: InviteResult = { status: answer.status, school_id: body.school_id, email: body.email, role: body.role }
  if (answer.status === 'already_member') return result
  if (!answer.account_exists && await sendAuthInvite(clients.admin, body.email, redirectTo)) return result
  await sendSignInLink(clients.anon, body.email, redirectTo)
  return result
}

async function recordInvitation(user: Client, body: InviteMemberBody) {
  const { data, error, status } = await user.rpc('invite_school_member', {
    school_id: body.school_id,
    email: body.email,
    role: body.role,
  })
  if (error) {
    const code = refusals.find((c) => c === error.code)
    if (!code) throw new Error(`recording the invitation failed: ${error.message}`, { cause: error })
    throw new HttpError(status, code, error.message, fieldsOf(error.details))
  }
  const parsed = answerSchema.safeParse(data)
  if (!parsed.success) throw new Error(`unexpected answer from invite_school_member: ${JSON.stringify(data)}`)
  return parsed.data
}

/** The `fields` map PostgREST passes on in an error's details (a JSON text or an object). */
function fieldsOf(details: unknown): Record<string, string> | undefined {
  let value = details
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  const fields = z.object({ fields: z.record(z.string(), z.string()) }).safeParse(value)
  return fields.success ? fields.data.fields : undefined
}

/**
 * Auth's invite email for an address without an account; false when the address got an account meanwhile (then
 * the sign-in link is the right email).
 */
async function sendAuthInvite(admin: Client, email: string, redirectTo?: string): Promise<boolean> {
  const { error } = await admin.auth.admin.inviteUserByEmail(email, { redirectTo })
  if (!error) return true
  if (error.code === 'email_exists' || error.code === 'user_already_exists') return false
  if (error.status === 429) throw rateLimited()
  throw new Error(`Auth's invite failed: ${error.message}`, { cause: error })
}

/**
 * A sign-in link for an existing account. Auth answers the same way whether or not it sent one (its per-address
 * frequency limit included), and the invitation waits on /studio either way, so only a project-wide limit is news.
 */
async function sendSignInLink(anon: Client, email: string, redirectTo?: string): Promise<void> {
  const { error } = await anon.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  })
  if (!error) return
  if (error.status === 429 && error.code === 'over_email_send_rate_limit') throw rateLimited()
  // Anything else (the per-address frequency limit, a banned account) still leaves the invitation on /studio.
  console.warn(`invite-member: no sign-in link sent (${error.code ?? error.status}): ${error.message}`)
}

function rateLimited(): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    'Too many emails were sent in the last hour. The invitation is saved; try sending it again later.',
  )
}

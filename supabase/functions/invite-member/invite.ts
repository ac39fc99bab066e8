// Inviting someone to teach at a school (PRODUCT.md §1, §7). The database records the invitation as the caller
// (invite_school_member checks that they own the school and counts the day's invitations) and never says whether
// the address has an account. Then the email, naming the school and the owner: Auth's invite that creates the
// account (the names and role in its metadata, which supabase/templates/invite.html shows), or, when Auth answers
// that the address is registered, "<Owner> invited you to teach at <School>" from the mail module (Auth's sign-in
// link without SMTP settings or when that send fails); each lands on /studio, where the invitee accepts. The
// owner's answer is the same in every case.
import { z } from 'zod'
import { HttpError } from '../_shared/http.ts'
import { oneLine, renderEmail, type SendEmail } from '../_shared/mail/mod.ts'
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

/** What the invitation email needs besides the clients. */
export interface Mailing {
  /** The caller, named as the owner who invited. */
  inviterId: string
  /** Sends the school email to a registered address; undefined without SMTP settings. */
  send: SendEmail | undefined
  /** The web app's origin for the link to /studio in that email. */
  appSite: string
}

/** The names the email carries, also put in Auth's invite metadata for its template. */
export interface SchoolInvitationNames {
  school_name: string
  inviter_name: string
  school_role: 'owner' | 'instructor'
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
  mailing?: Mailing,
): Promise<InviteResult> {
  const status = await recordInvitation(clients.user, body)
  const result: InviteResult = { status, school_id: body.school_id, email: body.email, role: body.role }
  if (status === 'already_member') return result
  const invitation = mailing ? await invitationNames(clients.admin, body, mailing.inviterId) : undefined
  const names = invitation?.names
  if (await sendAuthInvite(clients.admin, body.email, redirectTo, names)) return result
  if (mailing?.send && names) {
    try {
      await mailing.send(schoolInvitationEmail(body.email, names, `${mailing.appSite}/studio`, invitation?.accent))
      return result
    } catch (error) {
      console.error("invite-member: the school email was not sent; sending Auth's sign-in link instead:", error)
    }
  }
  await sendSignInLink(clients.anon, body.email, redirectTo)
  return result
}

/** The school's and the caller's names, read with the service role once invite_school_member let the caller in. */
export async function invitationNames(
  admin: Client,
  body: InviteMemberBody,
  inviterId: string,
): Promise<{ names: SchoolInvitationNames; accent: string | null }> {
  const [school, profile] = await Promise.all([
    admin.from('schools').select('name, accent_color').eq('id', body.school_id).single(),
    admin.from('profiles').select('display_name').eq('id', inviterId).maybeSingle(),
  ])
  if (school.error) throw new Error(`reading the school failed: ${school.error.message}`, { cause: school.error })
  const name = (profile.data as { display_name: string | null } | null)?.display_name?.trim()
  const row = school.data as { name: string; accent_color: string | null }
  const names = {
    school_name: oneLine(row.name),
    inviter_name: oneLine(name || "The school's owner"),
    school_role: body.role,
  }
  return { names, accent: row.accent_color }
}

/** "<Owner> invited you to teach at <School>", for an address that has an account. */
export function schoolInvitationEmail(
  to: string,
  names: SchoolInvitationNames,
  studioUrl: string,
  accent?: string | null,
) {
  const { school_name: school, inviter_name: inviter } = names
  const what = names.school_role === 'owner' ? `run ${school} as an owner` : `teach at ${school}`
  return renderEmail({
    to,
    subject: `${inviter} invited you to ${what}`,
    school: { name: school, accentColor: accent },
    heading: `${inviter} invited you to ${what}`,
    body: [
      `${inviter} invited you to ${what} on Summit.`,
      'Open the studio to accept the invitation or decline it. Sign in first if Summit asks you to.',
    ],
    action: { label: 'Open the invitation', url: studioUrl },
    reason: `You get this email because ${inviter} invited ${to} to ${school} on Summit. ` +
      'Nothing changes until you accept.',
  })
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
async function sendAuthInvite(
  admin: Client,
  email: string,
  redirectTo: string | undefined,
  names: SchoolInvitationNames | undefined,
): Promise<boolean> {
  const { error } = await admin.auth.admin.inviteUserByEmail(email, {
    ...(names && { data: { ...names } }),
    redirectTo,
  })
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

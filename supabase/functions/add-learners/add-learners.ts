// Inviting learners by email. The database (add_learners, called as the caller so it checks that they teach the
// course and counts the day's addresses) records one invitation per address and never says whether the address
// has an account; nobody is enrolled until they accept in the app. Then each new invitation gets its email, naming
// the instructor, the school and the course: Auth's invite for a new address (the names in the invite's metadata,
// which supabase/templates/invite.html shows), landing signed in on /invitations/<id>; for an address Auth answers
// is registered, "<Instructor> at <School> invited you to <Course>" from the mail module with a link to
// /invitations/<id>, where they accept (signing in first if they are not). Without SMTP settings, or when that
// send fails, Auth's sign-in link goes instead. The caller's answer is the same in every case.
import { type ErrorCode, HttpError } from '../_shared/http.ts'
import { oneLine, renderEmail, type SendEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import { invitationLink } from './redirect.ts'
import { type AddLearnersBody, type AddOutcome, type AddResult, normalizeEmail } from './schema.ts'

export interface Clients {
  /** Acts as the caller: add_learners refuses anyone who is not a member of the course's school. */
  user: Client
  /** Service role: only for auth.admin.inviteUserByEmail, which no user may call. */
  admin: Client
  /** Publishable key, no session: asks Auth for a sign-in link to an existing account. */
  anon: Client
}

/** What the invitation emails need besides the clients. */
export interface Mailing {
  /** The caller, named in the emails as the instructor who invited. */
  inviterId: string
  /** Sends the course email to a registered address; undefined without SMTP settings. */
  send: SendEmail | undefined
  /** The web app's origin for the link to /invitations/<id> in that email. */
  appSite: string
}

/** The names an invitation email carries, also put in Auth's invite metadata for its template. */
export interface InvitationNames {
  course_title: string
  school_name: string
  inviter_name: string
}

/** The names, and the school's accent colour for the course email (not part of Auth's metadata). */
type Invitation = { names: InvitationNames; accent: string | null }

interface DbRow {
  email: string
  result: 'invited' | 'already_enrolled' | 'invalid'
  invitation_id: string | null
  send_email: boolean
}

const knownCodes: ErrorCode[] = ['not_signed_in', 'forbidden', 'course_not_found', 'validation_failed', 'rate_limited']

// What GoTrue's admin invite answers (422) for an address whose account is confirmed.
const registered = new Set(['email_exists', 'user_already_exists'])

/** Turns a refusal of the add_learners call into the same error for the function's caller. */
export function refusalOf(error: { code?: string; message?: string; details?: unknown }, status: number): HttpError {
  const code = knownCodes.find((known) => known === error.code)
  if (!code) return new HttpError(500, 'internal', 'Something went wrong on our side. Try again in a moment.')
  let details = error.details
  if (typeof details === 'string') {
    try {
      details = JSON.parse(details)
    } catch {
      details = undefined
    }
  }
  const { fields, retry_after_s: retryAfter } = (details ?? {}) as {
    fields?: Record<string, string>
    retry_after_s?: unknown
  }
  // The daily limit says how long to wait; the caller gets it as Retry-After.
  const headers = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined
  return new HttpError(status, code, error.message ?? 'The request was refused.', fields, headers)
}

async function inviteInDatabase(user: Client, body: AddLearnersBody, emails: string[]): Promise<DbRow[]> {
  const { data, error, status } = await user.rpc('add_learners', {
    course_id: body.course_id,
    emails,
    cohort_id: body.cohort_id ?? undefined,
  })
  if (error) {
    const refusal = refusalOf(error, status)
    if (refusal.code === 'internal') throw new Error(`add_learners failed: ${error.message}`, { cause: error })
    throw refusal
  }
  return (data ?? []) as DbRow[]
}

/** What became of one invitation's email: sent (or not needed), not sent, or the project's email budget is spent. */
type Sent = 'sent' | 'failed' | 'budget_spent'

/** The course, its school and the caller's name, read with the service role once the caller passed add_learners. */
export async function invitationNames(admin: Client, courseId: string, inviterId: string): Promise<Invitation> {
  const [course, profile] = await Promise.all([
    admin.from('courses').select('title, schools(name, accent_color)').eq('id', courseId).single(),
    admin.from('profiles').select('display_name').eq('id', inviterId).maybeSingle(),
  ])
  if (course.error) throw new Error(`reading the course failed: ${course.error.message}`, { cause: course.error })
  const row = course.data as { title: string; schools: { name: string; accent_color: string | null } | null }
  const name = (profile.data as { display_name: string | null } | null)?.display_name?.trim()
  const names = {
    course_title: oneLine(row.title),
    school_name: oneLine(row.schools?.name ?? 'Summit'),
    inviter_name: oneLine(name || 'Your instructor'),
  }
  return { names, accent: row.schools?.accent_color ?? null }
}

/** "<Instructor> at <School> invited you to <Course>", for an address that has an account. */
export function courseInvitationEmail(to: string, names: InvitationNames, acceptUrl: string, accent?: string | null) {
  const { course_title: course, school_name: school, inviter_name: inviter } = names
  return renderEmail({
    to,
    subject: `${inviter} at ${school} invited you to ${course}`,
    school: { name: school, accentColor: accent },
    heading: `${inviter} invited you to ${course}`,
    body: [
      `${inviter} at ${school} invited you to learn in ${course} on Summit.`,
      'Accept the invitation to join the course; you can also decline it. Sign in first if Summit asks you to.',
    ],
    action: { label: 'Accept the invitation', url: acceptUrl },
    reason: `You get this email because ${inviter} added ${to} to the learners of ${course} at ${school}. ` +
      'Nothing changes until you accept.',
  })
}

/**
 * One invitation's email: Auth's invite for an address without an account, the course email (or, failing that,
 * Auth's sign-in link) for a registered one. A per-address wait or a refusal of the sign-in link is not passed on
 * (an unknown address meets no such thing, so it would tell the two apart); the invitation waits in the app either way.
 */
async function sendInvitation(
  clients: Clients,
  email: string,
  invitationId: string,
  site: string | undefined,
  invitation: Invitation | undefined,
  mailing: Mailing | undefined,
): Promise<Sent> {
  const names = invitation?.names
  const redirectTo = invitationLink(site, invitationId)
  const invite = await clients.admin.auth.admin.inviteUserByEmail(email, {
    ...(names && { data: { ...names } }),
    ...(redirectTo && { redirectTo }),
  })
  if (!invite.error) return 'sent'
  if (invite.error.status === 429) return 'budget_spent'
  if (!invite.error.code || !registered.has(invite.error.code)) {
    console.error(
      `add-learners: invite not sent (${invite.error.code ?? invite.error.status}): ${invite.error.message}`,
    )
    return 'failed'
  }
  if (mailing?.send && names) {
    try {
      const url = `${mailing.appSite}/invitations/${invitationId}`
      await mailing.send(courseInvitationEmail(email, names, url, invitation?.accent))
      return 'sent'
    } catch (error) {
      console.error("add-learners: the course email was not sent; sending Auth's sign-in link instead:", error)
    }
  }
  const link = await clients.anon.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  })
  if (!link.error) return 'sent'
  if (link.error.status === 429 && !isPerAddressWait(link.error.message)) return 'budget_spent'
  if (link.error.status !== undefined && link.error.status >= 500) {
    console.error(
      `add-learners: sign-in link not sent (${link.error.code ?? link.error.status}): ${link.error.message}`,
    )
    return 'failed'
  }
  console.warn(`add-learners: no sign-in link sent (${link.error.code ?? link.error.status}): ${link.error.message}`)
  return 'sent'
}

/**
 * GoTrue answers both its hourly email budget and its per-address wait (max_frequency) with 429
 * over_email_send_rate_limit; only the wait's sentence says "you can only request this after N seconds".
 */
export function isPerAddressWait(message: string): boolean {
  return /only request this after \d+ seconds?/i.test(message)
}

export async function addLearners(
  clients: Clients,
  body: AddLearnersBody,
  site?: string,
  mailing?: Mailing,
): Promise<AddOutcome[]> {
  // One answer per address as typed (trimmed, lowercased, each once), in the order given.
  const order: string[] = []
  const results = new Map<string, AddResult>()
  for (const raw of body.emails) {
    const { email, valid } = normalizeEmail(raw)
    if (results.has(email)) continue
    order.push(email)
    results.set(email, valid ? 'failed' : 'invalid')
  }
  const valid = order.filter((email) => results.get(email) !== 'invalid')

  let budgetSpent = false
  let invitation: Invitation | undefined
  if (valid.length > 0) {
    for (const row of await inviteInDatabase(clients.user, body, valid)) {
      results.set(row.email, row.result)
      if (row.result !== 'invited' || !row.send_email || !row.invitation_id) continue
      if (mailing) invitation ??= await invitationNames(clients.admin, body.course_id, mailing.inviterId)
      // Once the project's email budget is spent, the rest wait in the app; they are answered alike.
      const sent = budgetSpent
        ? 'budget_spent'
        : await sendInvitation(clients, row.email, row.invitation_id, site, invitation, mailing)
      if (sent === 'budget_spent') budgetSpent = true
      if (sent !== 'sent') results.set(row.email, 'failed')
    }
  }

  return order.map((email) => ({ email, result: results.get(email) ?? 'failed' }))
}

// Inviting learners by email. The database (add_learners, called as the caller so it checks that they teach the
// course and counts the day's addresses) records one invitation per address and never says whether the address
// has an account; nobody is enrolled until they accept in the app. Auth then sends each new invitation's email:
// an invite that creates the account, or, when Auth answers that the address is registered, a sign-in link; both
// land on /invitations/<id>. The caller's answer is the same in both cases.
import { type ErrorCode, HttpError } from '../_shared/http.ts'
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

/**
 * One invitation's email: Auth's invite for an address without an account, a sign-in link for a registered one.
 * A per-address wait or a refusal of the sign-in link is not passed on (an unknown address meets no such thing,
 * so it would tell the two apart); the invitation waits in the app either way.
 */
async function sendEmail(clients: Clients, email: string, redirectTo: string | undefined): Promise<Sent> {
  const invite = await clients.admin.auth.admin.inviteUserByEmail(email, redirectTo ? { redirectTo } : undefined)
  if (!invite.error) return 'sent'
  if (invite.error.status === 429) return 'budget_spent'
  if (!invite.error.code || !registered.has(invite.error.code)) {
    console.error(
      `add-learners: invite not sent (${invite.error.code ?? invite.error.status}): ${invite.error.message}`,
    )
    return 'failed'
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

export async function addLearners(clients: Clients, body: AddLearnersBody, site?: string): Promise<AddOutcome[]> {
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
  if (valid.length > 0) {
    for (const row of await inviteInDatabase(clients.user, body, valid)) {
      results.set(row.email, row.result)
      if (row.result !== 'invited' || !row.send_email || !row.invitation_id) continue
      // Once the project's email budget is spent, the rest wait in the app; they are answered alike.
      const sent = budgetSpent
        ? 'budget_spent'
        : await sendEmail(clients, row.email, invitationLink(site, row.invitation_id))
      if (sent === 'budget_spent') budgetSpent = true
      if (sent !== 'sent') results.set(row.email, 'failed')
    }
  }

  return order.map((email) => ({ email, result: results.get(email) ?? 'failed' }))
}

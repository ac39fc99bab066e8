// Adding learners by email: the database (add_learners, called as the caller so it checks that they teach the
// course) enrolls every address with an account and names the others; those get Auth's invitation (the only step
// that needs the service role) and are then enrolled the same way, so they are in the course when they accept.
import { type ErrorCode, HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import { type AddLearnersBody, type AddOutcome, type AddResult, normalizeEmail } from './schema.ts'

export interface Clients {
  /** Acts as the caller: add_learners refuses anyone who is not a member of the course's school. */
  user: Client
  /** Service role: only for auth.admin.inviteUserByEmail, which no user may call. */
  admin: Client
}

type DbResult = 'enrolled' | 'already_enrolled' | 'invalid' | 'unknown'
interface DbRow {
  email: string
  result: DbResult
}

const knownCodes: ErrorCode[] = ['not_signed_in', 'forbidden', 'course_not_found', 'validation_failed', 'rate_limited']

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
  // The daily lookup limit says how long to wait; the caller gets it as Retry-After.
  const headers = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined
  return new HttpError(status, code, error.message ?? 'The request was refused.', fields, headers)
}

async function addInDatabase(user: Client, body: AddLearnersBody, emails: string[]): Promise<DbRow[]> {
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

/** Sends Auth's invitation; true when the address has an account now (invited, or created meanwhile). */
async function invite(admin: Client, email: string, redirectTo: string | undefined): Promise<boolean> {
  const { error } = await admin.auth.admin.inviteUserByEmail(email, redirectTo ? { redirectTo } : undefined)
  if (!error) return true
  // Signed up between the two steps: enrolling them is what the instructor wanted.
  if (error.code === 'email_exists' || error.code === 'user_already_exists') return true
  console.error(`inviting an address failed (${error.code ?? error.status}): ${error.message}`)
  return false
}

/** The course page the invitation's link lands on, on the app's origin. */
async function landing(user: Client, courseId: string, site: string | undefined): Promise<string | undefined> {
  if (!site) return undefined
  const { data } = await user.from('courses').select('slug').eq('id', courseId).maybeSingle()
  return data ? `${site}/courses/${data.slug}` : `${site}/`
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

  const unknown: string[] = []
  if (valid.length > 0) {
    for (const row of await addInDatabase(clients.user, body, valid)) {
      if (row.result === 'unknown') unknown.push(row.email)
      else results.set(row.email, row.result)
    }
  }

  if (unknown.length > 0) {
    const redirectTo = await landing(clients.user, body.course_id, site)
    const invited: string[] = []
    for (const email of unknown) if (await invite(clients.admin, email, redirectTo)) invited.push(email)
    if (invited.length > 0) {
      for (const row of await addInDatabase(clients.user, body, invited)) {
        // Their account exists since the invitation: enrolled now means enrolled on acceptance.
        if (row.result === 'enrolled') results.set(row.email, 'invited')
        else if (row.result !== 'unknown') results.set(row.email, row.result)
      }
    }
  }

  return order.map((email) => ({ email, result: results.get(email) ?? 'failed' }))
}

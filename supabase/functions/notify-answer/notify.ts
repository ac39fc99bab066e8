// What POST /functions/v1/notify-answer does once the caller is known: checks, as the caller, that the answer is
// theirs (RLS hides everyone else's; unknown and not-yours look alike), claims the asker's email with the service
// role (once: a second call finds it claimed and sends nothing), sends it, and hands it back to the queue when the
// mail server fails, so a later call can send it.
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import type { EmailSchool, SendEmail } from '../_shared/mail/mod.ts'
import type { UnsubscribeClaim } from '../unsubscribe/link.ts'
import { composeEmail } from './email.ts'
import { answerEmailSchema } from './schema.ts'

/** The school an answer email speaks for, by the course's slug (schoolOfCourse with the service role). */
export type SchoolOf = (courseSlug: string) => Promise<EmailSchool | undefined>

export interface NotifyDeps {
  /** Acts as the caller: the answer is read under RLS. */
  user: Client
  /** Service role: the email queue and the asker's address are private (claim/release are service-only calls). */
  admin: Client
  /** Sends over SMTP; undefined when the function has no SMTP settings (`problem` says what is missing). */
  send: SendEmail | undefined
  problem?: string
  /** The web app's origin, for the lesson link. */
  site: string
  school: SchoolOf
  /** The recipient's one-click unsubscribe link for answer emails (../unsubscribe/link.ts). */
  unsubscribeUrl?: (claim: UnsubscribeClaim) => Promise<string>
}

export interface NotifyResult {
  /** false when there was nothing to send: an answer to one's own question, or an email already sent. */
  sent: boolean
}

export async function notifyAnswer(deps: NotifyDeps, callerId: string, answerId: string): Promise<NotifyResult> {
  await requireOwnAnswer(deps.user, callerId, answerId)
  if (!deps.send) {
    console.error(`notify-answer: no email sent, the function has no SMTP settings (${deps.problem ?? 'unknown'})`)
    throw new HttpError(503, 'email_not_configured', 'Email is not set up on this server.')
  }
  const claimed = await deps.admin.rpc('claim_answer_email', { answer_id: answerId })
  if (claimed.error) throw new Error(`claim_answer_email failed: ${claimed.error.message}`, { cause: claimed.error })
  if (claimed.data === null) return { sent: false }
  const content = answerEmailSchema.safeParse(claimed.data)
  if (!content.success) {
    await release(deps.admin, answerId)
    throw new Error(`unexpected answer from claim_answer_email: ${JSON.stringify(claimed.data)}`)
  }
  // An account without an address (phone sign-in) can never get it: leave it claimed.
  const to = content.data.to
  if (!to) return { sent: false }
  try {
    const school = await deps.school(content.data.course_slug)
    const unsubscribe = await answerUnsubscribeUrl(deps, content.data.recipient_id)
    await deps.send(composeEmail({ ...content.data, to }, deps.site, school, unsubscribe))
  } catch (error) {
    console.error(`notify-answer: sending the email for answer ${answerId} failed:`, error)
    await release(deps.admin, answerId)
    throw new HttpError(502, 'email_failed', 'The email could not be sent. Try again in a moment.')
  }
  return { sent: true }
}

async function requireOwnAnswer(user: Client, callerId: string, answerId: string): Promise<void> {
  const { data, error, status } = await user.from('answers').select('author_id').eq('id', answerId).maybeSingle()
  // The Data API refused the token (expired, signed by another project): the caller signs in again.
  if (status === 401) throw new HttpError(401, 'not_signed_in', 'Your session has ended. Sign in again.')
  if (error) throw new Error(`reading the answer failed: ${error.message}`, { cause: error })
  if (!data || data.author_id !== callerId) {
    throw new HttpError(403, 'forbidden', 'Only the author of an answer can send its email.')
  }
}

/** Back to the queue; a failure here is logged, and the caller still hears that sending failed. */
async function release(admin: Client, answerId: string): Promise<void> {
  const { error } = await admin.rpc('release_answer_email', { answer_id: answerId })
  if (error) console.error(`notify-answer: releasing the email for answer ${answerId} failed: ${error.message}`)
}

/** The recipient's unsubscribe link for answer emails, when the claim names them and the function can sign it. */
export async function answerUnsubscribeUrl(
  deps: Pick<NotifyDeps, 'unsubscribeUrl'>,
  recipientId: string | undefined,
): Promise<string | undefined> {
  if (!deps.unsubscribeUrl || !recipientId) return undefined
  return await deps.unsubscribeUrl({ userId: recipientId, kind: 'answer' })
}

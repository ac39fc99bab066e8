// The scheduled retry of notify-answer (POST `{ retry: true }` with the service role key, sent by the
// retry-answer-emails cron job through pg_net): every answer email that answer_emails_due says is due is claimed,
// sent, and handed back (counting the failure, for the backoff) when the mail server fails. Claims are the same
// once-only claims as the answerer's call, so a retry and that call, or two retries, never send an email twice.
import type { Client } from '../_shared/supabase.ts'
import type { SendEmail } from '../_shared/mail/mod.ts'
import type { UnsubscribeClaim } from '../unsubscribe/link.ts'
import { composeEmail } from './email.ts'
import { answerUnsubscribeUrl, type SchoolOf } from './notify.ts'
import { answerEmailSchema } from './schema.ts'

export interface RetryDeps {
  /** Service role: the queue and the askers' addresses are private. */
  admin: Client
  send: SendEmail
  site: string
  school: SchoolOf
  /** The recipient's one-click unsubscribe link for answer emails (../unsubscribe/link.ts). */
  unsubscribeUrl?: (claim: UnsubscribeClaim) => Promise<string>
}

export interface RetryResult {
  /** Emails sent now. */
  sent: number
  /** Emails whose send failed again (they wait for a later retry). */
  failed: number
}

export async function retryAnswerEmails(deps: RetryDeps): Promise<RetryResult> {
  const due = await deps.admin.rpc('answer_emails_due')
  if (due.error) throw new Error(`answer_emails_due failed: ${due.error.message}`, { cause: due.error })
  const result: RetryResult = { sent: 0, failed: 0 }
  for (const answerId of (due.data ?? []) as string[]) {
    const claimed = await deps.admin.rpc('claim_answer_email', { answer_id: answerId })
    if (claimed.error) throw new Error(`claim_answer_email failed: ${claimed.error.message}`, { cause: claimed.error })
    // Claimed meanwhile by the answerer's own call or another retry.
    if (claimed.data === null) continue
    const content = answerEmailSchema.safeParse(claimed.data)
    // An account without an address (phone sign-in) can never get it: it stays claimed. So does a malformed one,
    // which is logged rather than retried forever.
    if (!content.success) {
      console.error(`notify-answer retry: unexpected answer from claim_answer_email for ${answerId}`)
      continue
    }
    const to = content.data.to
    if (!to) continue
    try {
      const school = await deps.school(content.data.course_slug)
      const unsubscribe = await answerUnsubscribeUrl(deps, content.data.recipient_id)
      await deps.send(composeEmail({ ...content.data, to }, deps.site, school, unsubscribe))
      result.sent++
    } catch (error) {
      console.error(`notify-answer retry: sending the email for answer ${answerId} failed again:`, error)
      result.failed++
      const { error: releaseError } = await deps.admin.rpc('release_answer_email', { answer_id: answerId })
      if (releaseError) console.error(`notify-answer retry: releasing ${answerId} failed: ${releaseError.message}`)
    }
  }
  return result
}

/** Whether the call carries the project's service role key (only the scheduled retry does). */
export function isServiceRoleCall(authorization: string | null, serviceRoleKey: string | undefined): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  return !!serviceRoleKey && token === serviceRoleKey
}

// Sends the announcement emails owed: claims a batch (claim_announcement_emails: claimed once, so two calls or a
// call and the scheduler never send one twice), sends each with its unsubscribe link, and reports each back
// (finish_announcement_email: sent, or released for a retry after 2^failures minutes). Batches until none is left
// or the time budget is spent.
import type { EmailSchool, SendEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import type { UnsubscribeClaim } from '../unsubscribe/link.ts'
import { composeAnnouncementEmail } from './email.ts'
import { announcementEmailSchema } from './schema.ts'

export interface SendDeps {
  /** Service role: the queue and the learners' addresses are private. */
  admin: Client
  send: SendEmail
  site: string
  schoolOf: (courseId: string) => Promise<EmailSchool | undefined>
  unsubscribeUrl: (claim: UnsubscribeClaim) => Promise<string>
  /** When to stop claiming more (ms since the epoch). */
  deadline?: number
}

export interface SendResult {
  sent: number
  failed: number
}

const BATCH = 50

export async function sendAnnouncementEmails(deps: SendDeps): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0 }
  const schools = new Map<string, Promise<EmailSchool | undefined>>()
  while (deps.deadline === undefined || Date.now() < deps.deadline) {
    const claimed = await deps.admin.rpc('claim_announcement_emails', { max_count: BATCH })
    if (claimed.error) {
      throw new Error(`claim_announcement_emails failed: ${claimed.error.message}`, { cause: claimed.error })
    }
    const rows = claimed.data ?? []
    for (const row of rows) {
      const content = announcementEmailSchema.safeParse(row)
      if (!content.success) {
        // Left claimed: a malformed row is logged, not retried forever.
        console.error('announcement-emails: unexpected row from claim_announcement_emails', content.error.message)
        continue
      }
      const email = content.data
      let sent = false
      try {
        if (!schools.has(email.course_id)) schools.set(email.course_id, deps.schoolOf(email.course_id))
        const school = await schools.get(email.course_id)
        const unsubscribeUrl = await deps.unsubscribeUrl({ userId: email.user_id, kind: 'announcement' })
        await deps.send(composeAnnouncementEmail(email, { site: deps.site, school, unsubscribeUrl }))
        sent = true
      } catch (error) {
        console.error(`announcement-emails: sending to ${email.user_id} failed:`, error)
      }
      const finished = await deps.admin.rpc('finish_announcement_email', {
        announcement_id: email.announcement_id,
        user_id: email.user_id,
        sent,
      })
      if (finished.error) {
        throw new Error(`finish_announcement_email failed: ${finished.error.message}`, { cause: finished.error })
      }
      if (sent) result.sent++
      else result.failed++
    }
    if (rows.length < BATCH) break
  }
  return result
}

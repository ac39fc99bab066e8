// What POST /functions/v1/send-reminders does once the caller is known to be the scheduler: claim the reminder
// emails that are due (claim_due_reminders records what came due and claims each email once, so a retry or a second
// worker never sends one twice), send each through the mail module with its kind's unsubscribe link, mark it sent,
// and hand it back when the mail server fails (release_reminder: retried after 2^failures minutes, up to 8 times).
import type { Client } from '../_shared/supabase.ts'
import type { SendEmail } from '../_shared/mail/mod.ts'
import { composeReminder } from './email.ts'
import { claimedReminder } from './schema.ts'

export interface SendDeps {
  /** Service role: the claim calls are the service's only. */
  admin: Client
  send: SendEmail
  /** The web app's origin, for the links. */
  site: string
  /** The one-click unsubscribe link for a user and kind. */
  unsubscribeUrl: (claim: { userId: string; kind: string }) => Promise<string>
  /** Emails claimed per call to claim_due_reminders, and at most this many rounds per request. */
  batch?: number
  rounds?: number
}

export interface SendResult {
  /** Emails sent now. */
  sent: number
  /** Emails whose send failed (handed back for a later retry). */
  failed: number
  /** Claimed rows that could not become an email (no address, an unexpected shape); logged. */
  skipped: number
}

export async function sendReminders(deps: SendDeps): Promise<SendResult> {
  const batch = deps.batch ?? 50
  const result: SendResult = { sent: 0, failed: 0, skipped: 0 }
  for (let round = 0; round < (deps.rounds ?? 4); round++) {
    const claimed = await deps.admin.rpc('claim_due_reminders', { max_count: batch })
    if (claimed.error) throw new Error(`claim_due_reminders failed: ${claimed.error.message}`, { cause: claimed.error })
    const rows = (claimed.data ?? []) as unknown[]
    for (const raw of rows) await sendOne(deps, raw, result)
    if (rows.length < batch) break
  }
  return result
}

async function sendOne(deps: SendDeps, raw: unknown, result: SendResult): Promise<void> {
  const parsed = claimedReminder.safeParse(raw)
  const id = (raw as { id?: unknown } | null)?.id
  if (!parsed.success) {
    // Left claimed: a shape this code cannot send would fail the same way on every retry.
    console.error(`send-reminders: unexpected row from claim_due_reminders (${String(id)}): ${parsed.error.message}`)
    result.skipped++
    return
  }
  const row = parsed.data
  const to = row.email
  if (!to) {
    result.skipped++
    return
  }
  try {
    const unsubscribeUrl = await deps.unsubscribeUrl({ userId: row.user_id, kind: row.kind })
    await deps.send(composeReminder({ ...row, email: to }, { site: deps.site, unsubscribeUrl }))
  } catch (error) {
    console.error(`send-reminders: sending ${row.reminder} reminder ${row.id} failed:`, error)
    result.failed++
    const released = await deps.admin.rpc('release_reminder', { reminder_id: row.id })
    if (released.error) console.error(`send-reminders: releasing ${row.id} failed: ${released.error.message}`)
    return
  }
  result.sent++
  const marked = await deps.admin.rpc('mark_reminder_sent', { reminder_id: row.id })
  if (marked.error) console.error(`send-reminders: marking ${row.id} sent failed: ${marked.error.message}`)
}

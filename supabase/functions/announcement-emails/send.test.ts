// Unit tests of the sending loop: each claimed email is sent with its own unsubscribe link and reported sent; a
// failed send is reported so it is retried; a malformed row is skipped; nothing is claimed twice.
import * as assert from 'node:assert/strict'
import type { RenderedEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import { sendAnnouncementEmails } from './send.ts'

const row = (n: number) => ({
  announcement_id: '3f1e2d4c-5b6a-4789-9abc-def012345678',
  user_id: `00000000-0000-4000-8000-00000000000${n}`,
  email: `learner${n}@example.com`,
  display_name: `Learner ${n}`,
  title: 'Week 2 is open',
  body_md: 'Hello',
  course_id: '00000000-0000-4000-8000-000000000009',
  course_slug: 'alpine-basics',
  course_title: 'Alpine Basics',
  cohort_name: null,
})

function fakeAdmin(batches: unknown[][]) {
  const finished: { user_id: string; sent: boolean }[] = []
  const admin = {
    rpc: (name: string, args: Record<string, unknown>) => {
      if (name === 'claim_announcement_emails') return Promise.resolve({ data: batches.shift() ?? [], error: null })
      finished.push({ user_id: args.user_id as string, sent: args.sent as boolean })
      return Promise.resolve({ data: null, error: null })
    },
  }
  return { admin: admin as unknown as Client, finished }
}

Deno.test('sends each claimed email with its own unsubscribe link and reports it', async () => {
  const { admin, finished } = fakeAdmin([[row(1), row(2), { nonsense: true }]])
  const sent: RenderedEmail[] = []
  const result = await sendAnnouncementEmails({
    admin,
    site: 'https://summit.example',
    send: (email) => {
      if (email.to === 'learner2@example.com') return Promise.reject(new Error('mailbox full'))
      sent.push(email)
      return Promise.resolve()
    },
    schoolOf: () => Promise.resolve({ name: 'Alpine Academy' }),
    unsubscribeUrl: ({ userId, kind }) => Promise.resolve(`https://api.summit.example/u?token=${kind}-${userId}`),
  })
  assert.deepEqual(result, { sent: 1, failed: 1 })
  assert.deepEqual(finished, [
    { user_id: row(1).user_id, sent: true },
    { user_id: row(2).user_id, sent: false },
  ])
  assert.equal(sent.length, 1)
  assert.equal(
    sent[0]!.headers['List-Unsubscribe'],
    `<https://api.summit.example/u?token=announcement-${row(1).user_id}>`,
  )
})

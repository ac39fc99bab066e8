// Unit tests of send-reminders' flow with a stand-in client and sender: every claimed email is sent once with its
// kind's unsubscribe link and marked sent; a failed send is released for the backoff retry; a row without an
// address or of an unexpected shape is skipped (left claimed); claiming goes on while whole batches come back.
import assert from 'node:assert/strict'
import type { RenderedEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import { type SendDeps, sendReminders } from './send.ts'

const streak = (id: string, email: string | null = `${id}@example.com`) => ({
  id,
  user_id: `a0000000-0000-4000-8000-00000000000${id.slice(-1)}`,
  email,
  display_name: `Learner ${id}`,
  reminder: 'streak',
  kind: 'streak_reminder',
  payload: { streak_days: 3, day: '2026-12-02', time_zone: 'UTC' },
})

function fakes(batches: unknown[][], send?: (email: RenderedEmail) => Promise<void>) {
  const calls = { rpc: [] as [string, unknown][], sent: [] as RenderedEmail[], links: [] as string[] }
  const queue = [...batches]
  const admin = {
    rpc: (name: string, args: unknown) => {
      calls.rpc.push([name, args])
      if (name === 'claim_due_reminders') return Promise.resolve({ data: queue.shift() ?? [], error: null })
      return Promise.resolve({ data: true, error: null })
    },
  }
  const deps: SendDeps = {
    admin: admin as unknown as Client,
    send: send ?? ((email) => {
      calls.sent.push(email)
      return Promise.resolve()
    }),
    site: 'http://127.0.0.1:5173',
    unsubscribeUrl: ({ userId, kind }) => {
      const link = `http://127.0.0.1:54321/functions/v1/unsubscribe?token=v1.${userId}.${kind}.sig`
      calls.links.push(link)
      return Promise.resolve(link)
    },
    batch: 2,
  }
  return { deps, calls }
}

async function quietly<T>(work: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => logged.push(args)
  try {
    return { result: await work(), logged }
  } finally {
    console.error = original
  }
}

Deno.test('each claimed email is sent once, with its kind’s unsubscribe link, and marked sent', async () => {
  const { deps, calls } = fakes([[streak('r1')]])
  assert.deepEqual(await sendReminders(deps), { sent: 1, failed: 0, skipped: 0 })
  assert.deepEqual(calls.rpc, [
    ['claim_due_reminders', { max_count: 2 }],
    ['mark_reminder_sent', { reminder_id: 'r1' }],
  ])
  assert.equal(calls.sent.length, 1)
  assert.equal(calls.sent[0]?.to, 'r1@example.com')
  assert.equal(calls.sent[0]?.subject, 'Your 3-day streak ends tonight')
  assert.equal(
    calls.sent[0]?.headers['List-Unsubscribe'],
    '<http://127.0.0.1:54321/functions/v1/unsubscribe?token=v1.a0000000-0000-4000-8000-000000000001.streak_reminder.sig>',
  )
})

Deno.test('nothing claimed, nothing sent', async () => {
  const { deps, calls } = fakes([[]])
  assert.deepEqual(await sendReminders(deps), { sent: 0, failed: 0, skipped: 0 })
  assert.deepEqual(calls.rpc.map(([name]) => name), ['claim_due_reminders'])
})

Deno.test('a full batch asks for more; a short one ends the round', async () => {
  const { deps, calls } = fakes([[streak('r1'), streak('r2')], [streak('r3')], [streak('r4')]])
  assert.deepEqual(await sendReminders(deps), { sent: 3, failed: 0, skipped: 0 })
  assert.equal(calls.rpc.filter(([name]) => name === 'claim_due_reminders').length, 2)
})

Deno.test('a failed send is released for a later retry; the others still go', async () => {
  let first = true
  const sent: string[] = []
  const { deps, calls } = fakes([[streak('r1'), streak('r2')], []], (email) => {
    if (first) {
      first = false
      return Promise.reject(new Error('451 try later'))
    }
    sent.push(email.to)
    return Promise.resolve()
  })
  const { result, logged } = await quietly(() => sendReminders(deps))
  assert.deepEqual(result, { sent: 1, failed: 1, skipped: 0 })
  assert.deepEqual(sent, ['r2@example.com'])
  assert.deepEqual(calls.rpc.filter(([name]) => name !== 'claim_due_reminders'), [
    ['release_reminder', { reminder_id: 'r1' }],
    ['mark_reminder_sent', { reminder_id: 'r2' }],
  ])
  assert.match(String(logged[0]?.[0]), /sending streak reminder r1 failed/)
})

Deno.test('no address, or a row of an unexpected shape, is skipped and left claimed', async () => {
  const { deps, calls } = fakes([[streak('r1', null), { ...streak('r2'), payload: { streak_days: 0 } }]])
  const { result, logged } = await quietly(() => sendReminders({ ...deps, batch: 50 }))
  assert.deepEqual(result, { sent: 0, failed: 0, skipped: 2 })
  assert.deepEqual(calls.sent, [])
  assert.deepEqual(calls.rpc.map(([name]) => name), ['claim_due_reminders'])
  assert.match(String(logged[0]?.[0]), /unexpected row from claim_due_reminders \(r2\)/)
})

Deno.test('a claim that fails is an error (the scheduler calls again next minute)', async () => {
  const { deps } = fakes([])
  const admin = { rpc: () => Promise.resolve({ data: null, error: { message: 'permission denied' } }) }
  await assert.rejects(sendReminders({ ...deps, admin: admin as unknown as Client }), /claim_due_reminders failed/)
})

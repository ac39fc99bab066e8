// Unit tests of the scheduled retry with stand-in clients and a stand-in sender: each due email is claimed and
// sent once; one claimed meanwhile is skipped; a failed send hands it back (so the backoff counts it) and the
// others are still sent; only the service role key marks a call as the retry.
import assert from 'node:assert/strict'
import type { Client } from '../_shared/supabase.ts'
import type { RenderedEmail as Email } from '../_shared/mail/mod.ts'
import { isServiceRoleCall, retryAnswerEmails } from './retry.ts'

const content = (to: string) => ({
  to,
  asker_name: 'Ada Asker',
  answerer_name: 'Ben Answerer',
  is_instructor: false,
  course_title: 'Alpine Basics',
  course_slug: 'alpine-basics',
  lesson_id: 'e0000000-0000-4000-8000-000000000001',
  lesson_title: 'Welcome',
  question: 'Why?',
  answer: 'Because.',
})

const ids = [
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003',
]

function fakes(claims: Record<string, unknown>, failFor: string[] = []) {
  const calls: [string, unknown][] = []
  const sent: Email[] = []
  const admin = {
    rpc: (name: string, args?: { answer_id: string }) => {
      calls.push([name, args])
      if (name === 'answer_emails_due') return Promise.resolve({ data: ids, error: null })
      if (name === 'claim_answer_email') return Promise.resolve({ data: claims[args!.answer_id] ?? null, error: null })
      return Promise.resolve({ data: true, error: null })
    },
  }
  const school = () => Promise.resolve({ name: 'Alpine School' })
  const send = (email: Email) => {
    if (failFor.includes(email.to)) return Promise.reject(new Error('421 try later'))
    sent.push(email)
    return Promise.resolve()
  }
  return { deps: { admin: admin as unknown as Client, send, site: 'https://summit.example', school }, calls, sent }
}

Deno.test('sends every due email once and skips one claimed meanwhile', async () => {
  const { deps, calls, sent } = fakes({ [ids[0]!]: content('ada@example.com'), [ids[2]!]: content('cy@example.com') })
  assert.deepEqual(await retryAnswerEmails(deps), { sent: 2, failed: 0 })
  assert.deepEqual(sent.map((e) => e.to), ['ada@example.com', 'cy@example.com'])
  assert.equal(calls.filter(([name]) => name === 'release_answer_email').length, 0)
})

Deno.test('hands a failed email back and still sends the others', async () => {
  const { deps, calls, sent } = fakes(
    { [ids[0]!]: content('ada@example.com'), [ids[1]!]: content('ben@example.com') },
    ['ada@example.com'],
  )
  assert.deepEqual(await retryAnswerEmails(deps), { sent: 1, failed: 1 })
  assert.deepEqual(sent.map((e) => e.to), ['ben@example.com'])
  assert.deepEqual(calls.filter(([name]) => name === 'release_answer_email'), [
    ['release_answer_email', { answer_id: ids[0] }],
  ])
})

Deno.test('only the service role key marks the retry', () => {
  assert.equal(isServiceRoleCall('Bearer secret-key', 'secret-key'), true)
  assert.equal(isServiceRoleCall('bearer secret-key', 'secret-key'), true)
  assert.equal(isServiceRoleCall('Bearer user-token', 'secret-key'), false)
  assert.equal(isServiceRoleCall(null, 'secret-key'), false)
  assert.equal(isServiceRoleCall('Bearer ', ''), false)
  assert.equal(isServiceRoleCall('Bearer x', undefined), false)
})

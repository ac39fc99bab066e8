// Unit tests of notify-answer's flow with stand-in clients and a stand-in sender: only the answer's author gets past
// the check, and before any claim; an email is sent once (a claim that finds nothing sends nothing); a failed send
// hands the email back to the queue and answers 502; no SMTP settings answer 503 without claiming.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import type { RenderedEmail as Email } from '../_shared/mail/mod.ts'
import { notifyAnswer, type NotifyDeps } from './notify.ts'

const callerId = 'b0000000-0000-4000-8000-000000000001'
const answerId = 'a0000000-0000-4000-8000-000000000001'
const claimed = {
  to: 'ada@example.com',
  asker_name: 'Ada Asker',
  answerer_name: 'Ben Answerer',
  is_instructor: false,
  course_title: 'Alpine Basics',
  course_slug: 'alpine-basics',
  lesson_id: 'e0000000-0000-4000-8000-000000000001',
  lesson_title: 'Welcome',
  question: 'Why?',
  answer: 'Because.',
}

type Row = { data: unknown; error: unknown; status: number }

function fakes(options: { answer?: Row; claim?: Row; release?: Row; send?: (email: Email) => Promise<void> } = {}) {
  const calls = { rpc: [] as [string, unknown][], sent: [] as Email[] }
  const user = {
    from: () => ({
      select: () => ({
        eq: () => ({
          maybeSingle: () =>
            Promise.resolve(options.answer ?? { data: { author_id: callerId }, error: null, status: 200 }),
        }),
      }),
    }),
  }
  const admin = {
    rpc: (name: string, args: unknown) => {
      calls.rpc.push([name, args])
      if (name === 'claim_answer_email') {
        return Promise.resolve(options.claim ?? { data: claimed, error: null, status: 200 })
      }
      return Promise.resolve(options.release ?? { data: true, error: null, status: 200 })
    },
  }
  const deps: NotifyDeps = {
    user: user as unknown as Client,
    admin: admin as unknown as Client,
    send: options.send ?? ((email) => {
      calls.sent.push(email)
      return Promise.resolve()
    }),
    site: 'http://127.0.0.1:5173',
    school: (slug: string) => Promise.resolve(slug === 'alpine-basics' ? { name: 'Alpine School' } : undefined),
  }
  return { deps, calls }
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  assert.ok(error instanceof HttpError, `expected an HttpError, got ${error}`)
  return error
}

/** Runs `work` with console.error silenced, returning what it logged. */
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

Deno.test('the author’s call claims the email and sends it to the asker, once', async () => {
  const { deps, calls } = fakes()
  assert.deepEqual(await notifyAnswer(deps, callerId, answerId), { sent: true })
  assert.deepEqual(calls.rpc, [['claim_answer_email', { answer_id: answerId }]])
  assert.equal(calls.sent.length, 1)
  assert.equal(calls.sent[0]?.to, 'ada@example.com')
  assert.equal(calls.sent[0]?.subject, 'Ben Answerer answered your question in Welcome — Alpine Basics')
  assert.ok(
    calls.sent[0]?.text.includes('http://127.0.0.1:5173/learn/alpine-basics/e0000000-0000-4000-8000-000000000001'),
  )
  assert.ok(calls.sent[0]?.text.startsWith('Alpine School\n'), 'the email names the course’s school')
})

Deno.test('a claim that finds nothing (sent already, or one’s own question) sends nothing', async () => {
  const { deps, calls } = fakes({ claim: { data: null, error: null, status: 200 } })
  assert.deepEqual(await notifyAnswer(deps, callerId, answerId), { sent: false })
  assert.deepEqual(calls.sent, [])
})

Deno.test('someone else’s answer, or one the caller cannot read, is 403 forbidden before any claim', async () => {
  for (const data of [{ author_id: 'c0000000-0000-4000-8000-000000000009' }, null]) {
    const { deps, calls } = fakes({ answer: { data, error: null, status: 200 } })
    const error = await refusal(notifyAnswer(deps, callerId, answerId))
    assert.deepEqual([error.status, error.code], [403, 'forbidden'])
    assert.deepEqual(calls.rpc, [])
  }
})

Deno.test('a token the Data API refuses is 401 not_signed_in', async () => {
  const { deps } = fakes({ answer: { data: null, error: { message: 'JWT expired' }, status: 401 } })
  const error = await refusal(notifyAnswer(deps, callerId, answerId))
  assert.deepEqual([error.status, error.code], [401, 'not_signed_in'])
})

Deno.test('without SMTP settings the answer is 503 email_not_configured and nothing is claimed', async () => {
  const { deps, calls } = fakes()
  const { result: error, logged } = await quietly(() =>
    refusal(
      notifyAnswer(
        { ...deps, send: undefined, problem: 'SMTP_HOST and SMTP_PORT are not both set' },
        callerId,
        answerId,
      ),
    )
  )
  assert.deepEqual([error.status, error.code], [503, 'email_not_configured'])
  assert.deepEqual(calls.rpc, [])
  assert.match(String(logged[0]?.[0]), /SMTP_HOST and SMTP_PORT are not both set/)
})

Deno.test('a failed send releases the claim and answers 502 email_failed', async () => {
  const { deps, calls } = fakes({ send: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:54325')) })
  const { result: error } = await quietly(() => refusal(notifyAnswer(deps, callerId, answerId)))
  assert.deepEqual([error.status, error.code], [502, 'email_failed'])
  assert.deepEqual(calls.rpc, [
    ['claim_answer_email', { answer_id: answerId }],
    ['release_answer_email', { answer_id: answerId }],
  ])
})

Deno.test('a release that fails too is logged, and the answer is still 502', async () => {
  const { deps } = fakes({
    send: () => Promise.reject(new Error('421 try later')),
    release: { data: null, error: { message: 'connection reset' }, status: 503 },
  })
  const { result: error, logged } = await quietly(() => refusal(notifyAnswer(deps, callerId, answerId)))
  assert.deepEqual([error.status, error.code], [502, 'email_failed'])
  assert.ok(logged.some((line) => String(line[0]).includes('releasing the email')))
})

Deno.test('an account without an address gets nothing, and the email stays claimed', async () => {
  const { deps, calls } = fakes({ claim: { data: { ...claimed, to: null }, error: null, status: 200 } })
  assert.deepEqual(await notifyAnswer(deps, callerId, answerId), { sent: false })
  assert.deepEqual(calls.sent, [])
  assert.deepEqual(calls.rpc.map(([name]) => name), ['claim_answer_email'])
})

Deno.test('a claim answer of the wrong shape is released and fails as a server error, not an HttpError', async () => {
  const { deps, calls } = fakes({ claim: { data: { to: 'ada@example.com' }, error: null, status: 200 } })
  await assert.rejects(notifyAnswer(deps, callerId, answerId), (e) => !(e instanceof HttpError))
  assert.deepEqual(calls.rpc.map(([name]) => name), ['claim_answer_email', 'release_answer_email'])
  assert.deepEqual(calls.sent, [])
})

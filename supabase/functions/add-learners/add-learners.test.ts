// Unit tests of add-learners' logic with stand-in clients: invalid addresses never reach the database, unknown
// ones are invited and then enrolled (answered "invited"), refusals of the database keep their code and fields.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import { addLearners, refusalOf } from './add-learners.ts'

const courseId = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'
const accounts = new Set(['ada@example.com'])
const enrolled = new Set(['bo@example.com'])

function fakes(options: { failInvites?: boolean } = {}) {
  const calls = { rpc: [] as string[][], invites: [] as { email: string; redirectTo?: string }[] }
  const user = {
    rpc: (_name: string, args: { emails: string[] }) => {
      calls.rpc.push(args.emails)
      const data = args.emails.map((email) => ({
        email,
        result: enrolled.has(email) ? 'already_enrolled' : accounts.has(email) ? 'enrolled' : 'unknown',
      }))
      return Promise.resolve({ data, error: null, status: 200 })
    },
    from: () => ({ select: () => ({ eq: () => ({ maybeSingle: () => Promise.resolve({ data: { slug: 'web' } }) }) }) }),
  }
  const admin = {
    auth: {
      admin: {
        inviteUserByEmail: (email: string, opts?: { redirectTo?: string }) => {
          calls.invites.push({ email, redirectTo: opts?.redirectTo })
          if (options.failInvites) {
            return Promise.resolve({ error: { code: 'over_email_send_rate_limit', message: 'slow down' } })
          }
          accounts.add(email)
          return Promise.resolve({ error: null })
        },
      },
    },
  }
  return { clients: { user: user as unknown as Client, admin: admin as unknown as Client }, calls }
}

Deno.test('each address gets one answer, in the order given; unknown ones are invited to the course page', async () => {
  const { clients, calls } = fakes()
  const results = await addLearners(
    clients,
    {
      course_id: courseId,
      emails: [' Ada@example.com', 'bo@example.com', 'nope', 'new@example.com', 'ada@example.com'],
    },
    'http://127.0.0.1:5173',
  )
  assert.deepEqual(results, [
    { email: 'ada@example.com', result: 'enrolled' },
    { email: 'bo@example.com', result: 'already_enrolled' },
    { email: 'nope', result: 'invalid' },
    { email: 'new@example.com', result: 'invited' },
  ])
  assert.deepEqual(calls.rpc, [['ada@example.com', 'bo@example.com', 'new@example.com'], ['new@example.com']])
  assert.deepEqual(calls.invites, [{ email: 'new@example.com', redirectTo: 'http://127.0.0.1:5173/courses/web' }])
})

Deno.test('an invitation Auth cannot send is answered failed, and nobody is enrolled for it', async () => {
  const { clients, calls } = fakes({ failInvites: true })
  const results = await addLearners(clients, { course_id: courseId, emails: ['late@example.com'] })
  assert.deepEqual(results, [{ email: 'late@example.com', result: 'failed' }])
  assert.equal(calls.rpc.length, 1)
})

Deno.test('only invalid addresses: the database is not asked', async () => {
  const { clients, calls } = fakes()
  assert.deepEqual(await addLearners(clients, { course_id: courseId, emails: ['x', 'y@'] }), [
    { email: 'x', result: 'invalid' },
    { email: 'y@', result: 'invalid' },
  ])
  assert.equal(calls.rpc.length, 0)
})

Deno.test('refusals of the database keep their code, status and fields; anything else is internal', () => {
  const forbidden = refusalOf({ code: 'forbidden', message: "Only the course's instructors can add learners." }, 403)
  assert.ok(forbidden instanceof HttpError)
  assert.deepEqual([forbidden.status, forbidden.code], [403, 'forbidden'])
  const invalid = refusalOf(
    {
      code: 'validation_failed',
      message: 'Choose a cohort of this course.',
      details: '{"fields":{"cohort_id":"Choose a cohort of this course."}}',
    },
    422,
  )
  assert.deepEqual(invalid.fields, { cohort_id: 'Choose a cohort of this course.' })
  assert.equal(refusalOf({ code: '42883', message: 'function does not exist' }, 404).code, 'internal')
})

Deno.test('the daily lookup limit answers 429 rate_limited with the wait as Retry-After', () => {
  const limited = refusalOf(
    {
      code: 'rate_limited',
      message: 'You can add up to 1,000 email addresses a day. Try the rest later.',
      details: { retry_after_s: 3600 },
    },
    429,
  )
  assert.deepEqual([limited.status, limited.code, limited.headers], [429, 'rate_limited', { 'Retry-After': '3600' }])
})

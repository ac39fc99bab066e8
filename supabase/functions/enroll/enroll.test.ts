// Unit tests of turning public.enroll's answers into the enroll result or the error envelope of PRODUCT.md §8.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import { resultOf } from './enroll.ts'

const enrollment = {
  id: '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c',
  course_id: 'c0000000-0000-4000-8000-000000000002',
  status: 'active',
  source: 'invite',
  enrolled_at: '2026-11-24T19:44:00.692346+00:00',
}

function refusal(answer: unknown): HttpError {
  try {
    resultOf(answer)
  } catch (error) {
    assert.ok(error instanceof HttpError, `expected an HttpError, got ${error}`)
    return error
  }
  assert.fail(`expected ${JSON.stringify(answer)} to be refused`)
}

Deno.test('an enrollment answer is the result, created or not', () => {
  assert.deepEqual(resultOf({ enrollment, created: true }), { enrollment, created: true })
  assert.deepEqual(resultOf({ enrollment, created: false }), { enrollment, created: false })
})

Deno.test('each refusal keeps its code, sentence and HTTP status', () => {
  const cases: [string, number][] = [
    ['invite_invalid', 404],
    ['invite_expired', 410],
    ['invite_used_up', 409],
    ['email_domain_not_allowed', 403],
    ['code_invalid', 400],
    ['enrollment_closed', 403],
    ['forbidden', 403],
    ['course_not_found', 404],
  ]
  for (const [code, status] of cases) {
    const error = refusal({ error: { code, message: `Sentence for ${code}.`, status } })
    assert.deepEqual([error.status, error.code, error.message, error.headers], [
      status,
      code,
      `Sentence for ${code}.`,
      undefined,
    ])
  }
})

Deno.test('rate_limited carries the wait as Retry-After', () => {
  const error = refusal({ error: { code: 'rate_limited', message: 'Wait.', status: 429, retry_after_s: 1800 } })
  assert.deepEqual([error.status, error.code, error.headers], [429, 'rate_limited', { 'Retry-After': '1800' }])
})

Deno.test('an answer of another shape is a server error, not a client one', () => {
  for (
    const answer of [
      null,
      { enrollment: { id: 'x' }, created: true },
      { error: { code: 'internal', message: 'x', status: 500 } },
      { error: { code: 'sql_error', message: 'x', status: 400 } },
    ]
  ) {
    assert.throws(() => resultOf(answer), (error: unknown) => !(error instanceof HttpError), JSON.stringify(answer))
  }
})

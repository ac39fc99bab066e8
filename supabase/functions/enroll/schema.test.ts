// Unit tests of the enroll body: exactly one of slug or course_id (with an optional access code), or an invite token
// alone; nothing else.
import assert from 'node:assert/strict'
import { fieldErrors } from '../_shared/validate.ts'
import { enrollBody } from './schema.ts'

const id = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'

function fieldsFor(body: unknown) {
  const result = enrollBody.safeParse(body)
  assert.ok(!result.success, `expected ${JSON.stringify(body)} to be refused`)
  return fieldErrors(result.error)
}

Deno.test('a slug names the course by slug, trimmed', () => {
  assert.deepEqual(enrollBody.parse({ slug: ' web-basics ' }), {
    kind: 'course',
    ref: { column: 'slug', value: 'web-basics' },
  })
})

Deno.test('a course_id names the course by id, any UUID version', () => {
  assert.deepEqual(enrollBody.parse({ course_id: id }), { kind: 'course', ref: { column: 'id', value: id } })
  const seedLike = 'c0000000-0000-0000-0000-000000000001'
  assert.deepEqual(enrollBody.parse({ course_id: seedLike }), {
    kind: 'course',
    ref: { column: 'id', value: seedLike },
  })
})

Deno.test('neither slug nor course_id is refused on body', () => {
  assert.deepEqual(fieldsFor({}), { body: 'Send the course slug or course_id.' })
})

Deno.test('both slug and course_id are refused on body', () => {
  assert.deepEqual(fieldsFor({ slug: 'a-course', course_id: id }), { body: 'Send slug or course_id, not both.' })
})

Deno.test('a course_id that is not a UUID is refused on course_id', () => {
  assert.deepEqual(fieldsFor({ course_id: 'not-a-uuid' }), { course_id: 'The course id must be a UUID.' })
})

Deno.test('an empty or non-text slug is refused on slug', () => {
  assert.deepEqual(fieldsFor({ slug: '   ' }), { slug: 'Enter the course slug.' })
  assert.deepEqual(fieldsFor({ slug: 42 }), { slug: 'The slug must be text.' })
  assert.deepEqual(fieldsFor({ slug: null }), { slug: 'The slug must be text.' })
})

Deno.test('unknown keys are refused by name', () => {
  assert.deepEqual(fieldsFor({ slug: 'a-course', cohort_id: id }), { cohort_id: 'This field is not accepted.' })
})

Deno.test('a code goes with the course it is for, trimmed; its shape is left to the database', () => {
  assert.deepEqual(enrollBody.parse({ slug: 'sql-course', code: ' abcd-efgh ' }), {
    kind: 'code',
    ref: { column: 'slug', value: 'sql-course' },
    code: 'abcd-efgh',
  })
  assert.deepEqual(enrollBody.parse({ course_id: id, code: 'X' }), {
    kind: 'code',
    ref: { column: 'id', value: id },
    code: 'X',
  })
})

Deno.test('a code without a course, an empty code or a non-text code is refused', () => {
  assert.deepEqual(fieldsFor({ code: 'ABCDEFGH' }), { body: 'Send the course slug or course_id.' })
  assert.deepEqual(fieldsFor({ slug: 'a-course', code: '  ' }), { code: 'Enter the access code.' })
  assert.deepEqual(fieldsFor({ slug: 'a-course', code: 12345678 }), { code: 'The access code must be text.' })
  assert.deepEqual(fieldsFor({ slug: 'a-course', code: 'A'.repeat(65) }), { code: 'That code is too long.' })
})

Deno.test('an invite token alone is an invite, trimmed', () => {
  const token = 'G63urlGd9r5VOTZ-zmCns26ZHLrc-3W1namQkz3nIDw'
  assert.deepEqual(enrollBody.parse({ invite_token: ` ${token}\n` }), { kind: 'invite', token })
})

Deno.test('an invite token with a course or a code is refused on invite_token', () => {
  for (const extra of [{ slug: 'a-course' }, { course_id: id }, { code: 'ABCDEFGH' }]) {
    assert.deepEqual(fieldsFor({ invite_token: 'token', ...extra }), { invite_token: 'Send the invite token alone.' })
  }
})

Deno.test('an empty, non-text or overlong invite token is refused on invite_token', () => {
  assert.deepEqual(fieldsFor({ invite_token: '' }), { invite_token: 'Paste the invite link.' })
  assert.deepEqual(fieldsFor({ invite_token: 7 }), { invite_token: 'The invite token must be text.' })
  assert.deepEqual(fieldsFor({ invite_token: 'x'.repeat(201) }), { invite_token: 'That invite token is too long.' })
})

Deno.test('a body that is not an object is refused on body', () => {
  for (const body of [[], 'slug', 3, null]) {
    assert.deepEqual(fieldsFor(body), { body: 'Send a JSON object with slug or course_id, or invite_token.' })
  }
})

// Unit tests of the enroll body: exactly one of slug or course_id, nothing else.
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
  assert.deepEqual(enrollBody.parse({ slug: ' web-basics ' }), { column: 'slug', value: 'web-basics' })
})

Deno.test('a course_id names the course by id, any UUID version', () => {
  assert.deepEqual(enrollBody.parse({ course_id: id }), { column: 'id', value: id })
  const seedLike = 'c0000000-0000-0000-0000-000000000001'
  assert.deepEqual(enrollBody.parse({ course_id: seedLike }), { column: 'id', value: seedLike })
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
  assert.deepEqual(fieldsFor({ slug: 'a-course', code: 'X' }), { code: 'This field is not accepted.' })
})

Deno.test('a body that is not an object is refused on body', () => {
  for (const body of [[], 'slug', 3, null]) {
    assert.deepEqual(fieldsFor(body), { body: 'Send a JSON object with slug or course_id.' })
  }
})

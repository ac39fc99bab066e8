// Unit tests of the add-learners body and the email rule it shares with the web form and the database.
import assert from 'node:assert/strict'
import { fieldErrors } from '../_shared/validate.ts'
import { addLearnersBody, normalizeEmail } from './schema.ts'

const id = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'

function fieldsFor(body: unknown) {
  const result = addLearnersBody.safeParse(body)
  assert.ok(!result.success, `expected ${JSON.stringify(body)} to be refused`)
  return fieldErrors(result.error)
}

Deno.test('a course id with a list of emails is accepted, the cohort optional or null', () => {
  assert.deepEqual(addLearnersBody.parse({ course_id: id, emails: ['a@example.com'] }), {
    course_id: id,
    emails: ['a@example.com'],
  })
  assert.equal(addLearnersBody.parse({ course_id: id, emails: ['x'], cohort_id: null }).cohort_id, null)
  assert.equal(addLearnersBody.parse({ course_id: id, emails: ['x'], cohort_id: id }).cohort_id, id)
})

Deno.test('malformed addresses pass the body check: they are answered one by one', () => {
  assert.deepEqual(addLearnersBody.parse({ course_id: id, emails: ['not an email'] }).emails, ['not an email'])
})

Deno.test('an empty list and more than 100 addresses are refused on emails', () => {
  assert.deepEqual(fieldsFor({ course_id: id, emails: [] }), { emails: 'Add at least one email address.' })
  const many = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`)
  assert.deepEqual(fieldsFor({ course_id: id, emails: many }), {
    emails: 'Add at most 100 email addresses at a time.',
  })
})

Deno.test('missing or malformed ids, non-text emails and unknown keys are refused field by field', () => {
  assert.deepEqual(fieldsFor({ emails: ['a@example.com'] }), { course_id: 'The course id must be a UUID.' })
  assert.deepEqual(fieldsFor({ course_id: id, emails: [42] }), { 'emails.0': 'Each email must be text.' })
  assert.deepEqual(fieldsFor({ course_id: id, emails: 'a@example.com' }), { emails: 'Send the emails as a list.' })
  assert.deepEqual(fieldsFor({ course_id: id, emails: ['a@b.co'], cohort_id: 'x' }), {
    cohort_id: 'The cohort id must be a UUID.',
  })
  assert.deepEqual(fieldsFor({ course_id: id, emails: ['a@b.co'], source: 'open' }), {
    source: 'This field is not accepted.',
  })
})

Deno.test('emails are trimmed and lowercased; the shape rule matches the database', () => {
  assert.deepEqual(normalizeEmail('  Ada@Example.COM '), { email: 'ada@example.com', valid: true })
  for (const bad of ['', 'ada', 'ada@example', '@example.com', 'a b@example.com', 'a@@example.com']) {
    assert.equal(normalizeEmail(bad).valid, false, `${bad} should be invalid`)
  }
  assert.equal(normalizeEmail(`${'a'.repeat(250)}@b.co`).valid, false)
})

// Unit tests of the invite-member body: a school id and an email address (trimmed, lowercased), an optional role
// that defaults to instructor, nothing else.
import assert from 'node:assert/strict'
import { fieldErrors } from '../_shared/validate.ts'
import { inviteMemberBody } from './schema.ts'

const id = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'

function fieldsFor(body: unknown) {
  const result = inviteMemberBody.safeParse(body)
  assert.ok(!result.success, `expected ${JSON.stringify(body)} to be refused`)
  return fieldErrors(result.error)
}

Deno.test('an address is trimmed and lowercased, and the role defaults to instructor', () => {
  assert.deepEqual(inviteMemberBody.parse({ school_id: id, email: '  Ada@Example.COM ' }), {
    school_id: id,
    email: 'ada@example.com',
    role: 'instructor',
  })
})

Deno.test('an owner can be invited as owner; seed-style ids without version bits pass', () => {
  const seedLike = '10000000-0000-0000-0000-000000000001'
  assert.deepEqual(inviteMemberBody.parse({ school_id: seedLike, email: 'b@example.com', role: 'owner' }), {
    school_id: seedLike,
    email: 'b@example.com',
    role: 'owner',
  })
})

Deno.test('a missing or malformed email is refused on email', () => {
  assert.deepEqual(fieldsFor({ school_id: id }), { email: 'Enter the email address to invite.' })
  assert.deepEqual(fieldsFor({ school_id: id, email: '   ' }), { email: 'Enter the email address to invite.' })
  assert.deepEqual(fieldsFor({ school_id: id, email: 'not-an-email' }), { email: 'Enter a valid email address.' })
  assert.deepEqual(fieldsFor({ school_id: id, email: `${'a'.repeat(320)}@example.com` }), {
    email: 'That email address is too long.',
  })
})

Deno.test('a school id that is not a UUID is refused on school_id', () => {
  assert.deepEqual(fieldsFor({ school_id: 'alpine', email: 'a@example.com' }), {
    school_id: 'The school id must be a UUID.',
  })
})

Deno.test('a role other than owner or instructor is refused on role', () => {
  assert.deepEqual(fieldsFor({ school_id: id, email: 'a@example.com', role: 'learner' }), {
    role: 'The role is owner or instructor.',
  })
})

Deno.test('unknown keys and non-objects are refused', () => {
  assert.deepEqual(fieldsFor({ school_id: id, email: 'a@example.com', user_id: id }), {
    user_id: 'This field is not accepted.',
  })
  for (const body of [[], 'x', 3, null]) {
    assert.deepEqual(fieldsFor(body), { body: 'Send a JSON object with school_id and email.' })
  }
})

// Unit tests of account-delete's body and its typed confirmation: the email, exactly.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import { fieldErrors } from '../_shared/validate.ts'
import { deleteBody, requireConfirmation } from './schema.ts'

Deno.test('the body is { confirmation } and nothing else', () => {
  assert.deepEqual(deleteBody.parse({ confirmation: 'ada@example.com' }), { confirmation: 'ada@example.com' })
  const missing = deleteBody.safeParse({})
  assert.ok(!missing.success)
  assert.deepEqual(fieldErrors(missing.error), { confirmation: 'Type your email address to confirm.' })
  const extra = deleteBody.safeParse({ confirmation: 'a', force: true })
  assert.ok(!extra.success)
  assert.deepEqual(fieldErrors(extra.error), { force: 'This field is not accepted.' })
})

Deno.test('the confirmation must be the email character for character', () => {
  assert.doesNotThrow(() => requireConfirmation('ada@example.com', 'ada@example.com'))
  for (const typed of ['Ada@example.com', ' ada@example.com', 'ada@example.co']) {
    assert.throws(() => requireConfirmation(typed, 'ada@example.com'), (error: unknown) => {
      assert.ok(error instanceof HttpError)
      assert.deepEqual([error.status, error.code, Object.keys(error.fields ?? {})], [422, 'validation_failed', [
        'confirmation',
      ]])
      return true
    })
  }
  assert.throws(() => requireConfirmation('anything', undefined), HttpError)
})

// Unit tests of mfa-recovery's body: one code, trimmed, of a sensible length; its rightness is the database's answer.
import assert from 'node:assert/strict'
import { fieldErrors } from '../_shared/validate.ts'
import { recoveryBody } from './schema.ts'

Deno.test('a code is trimmed and kept as typed otherwise', () => {
  assert.deepEqual(recoveryBody.parse({ code: ' ABCDE-fghjk ' }), { code: 'ABCDE-fghjk' })
})

Deno.test('a missing, empty, overlong, non-text or control-character code is refused on code', () => {
  for (
    const body of [{}, { code: '   ' }, { code: 'x'.repeat(65) }, { code: 12345 }, { code: '\u0000' }, {
      code: 'ABCDE\u0000fghjk',
    }]
  ) {
    const result = recoveryBody.safeParse(body)
    assert.ok(!result.success, JSON.stringify(body))
    assert.deepEqual(Object.keys(fieldErrors(result.error)), ['code'])
  }
})

// Unit tests of the certificate function's body: course_id or code, exactly one, nothing else.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import { parse } from '../_shared/validate.ts'
import { certificateBody } from './schema.ts'

function fieldsOf(value: unknown): Record<string, string> | undefined {
  try {
    parse(certificateBody, value)
  } catch (error) {
    if (error instanceof HttpError) return error.fields
    throw error
  }
  return undefined
}

Deno.test("a course id asks for the learner's own certificate", () => {
  const id = '00000000-0000-4000-8000-000000000001'
  assert.deepEqual(parse(certificateBody, { course_id: id }), { kind: 'course', courseId: id })
})

Deno.test("a code asks for a certificate's PDF by its code, trimmed", () => {
  assert.deepEqual(parse(certificateBody, { code: ' ABCDEFGHJK ' }), { kind: 'code', code: 'ABCDEFGHJK' })
})

Deno.test('both, neither, a bad id or another key are refused field by field', () => {
  assert.deepEqual(fieldsOf({}), { body: 'Send either course_id or code.' })
  assert.deepEqual(fieldsOf({ course_id: '00000000-0000-4000-8000-000000000001', code: 'X' }), {
    body: 'Send either course_id or code.',
  })
  assert.deepEqual(fieldsOf({ course_id: 'nope' }), { course_id: 'The course id must be a UUID.' })
  assert.deepEqual(fieldsOf({ code: 'ABCDEFGHJK', extra: 1 }), { extra: 'This field is not accepted.' })
})

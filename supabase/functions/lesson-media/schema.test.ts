// Unit tests of the lesson-media function's body: one lesson id, nothing else.
import assert from 'node:assert/strict'
import { fieldErrors, parse } from '../_shared/validate.ts'
import { lessonMediaBody } from './schema.ts'

function fieldsOf(value: unknown) {
  const result = lessonMediaBody.safeParse(value)
  assert.ok(!result.success, `expected ${JSON.stringify(value)} to be refused`)
  return fieldErrors(result.error)
}

Deno.test('a lesson id is what the function takes', () => {
  const id = 'e0000000-0000-4000-8000-000000000001'
  assert.deepEqual(parse(lessonMediaBody, { lesson_id: id }), { lessonId: id })
})

Deno.test('a missing or malformed id, another key or a non-object are refused field by field', () => {
  assert.deepEqual(fieldsOf({}), { lesson_id: 'The lesson id must be a UUID.' })
  assert.deepEqual(fieldsOf({ lesson_id: 'lesson-1' }), { lesson_id: 'The lesson id must be a UUID.' })
  assert.deepEqual(fieldsOf({ lesson_id: 'e0000000-0000-4000-8000-000000000001', path: 'x' }), {
    path: 'This field is not accepted.',
  })
  assert.deepEqual(fieldsOf([]), { body: 'Send a JSON object with lesson_id.' })
})

// Unit tests of notify-answer's body (one answer id, nothing else) and of the claimed email's shape.
import assert from 'node:assert/strict'
import { fieldErrors, parse } from '../_shared/validate.ts'
import { answerEmailSchema, notifyAnswerBody } from './schema.ts'

const id = 'a0000000-0000-4000-8000-000000000001'

function fieldsOf(value: unknown) {
  const result = notifyAnswerBody.safeParse(value)
  assert.ok(!result.success, `expected ${JSON.stringify(value)} to be refused`)
  return fieldErrors(result.error)
}

Deno.test('an answer id is what the function takes', () => {
  assert.deepEqual(parse(notifyAnswerBody, { answer_id: id }), { answerId: id })
})

Deno.test('a missing or malformed id, another key or a non-object are refused field by field', () => {
  assert.deepEqual(fieldsOf({}), { answer_id: 'The answer id must be a UUID.' })
  assert.deepEqual(fieldsOf({ answer_id: 42 }), { answer_id: 'The answer id must be a UUID.' })
  assert.deepEqual(fieldsOf({ answer_id: id, question_id: id }), { question_id: 'This field is not accepted.' })
  assert.deepEqual(fieldsOf('answer'), { body: 'Send a JSON object with answer_id.' })
})

Deno.test('the claimed email needs every field; an account without an address has a null `to`', () => {
  const claimed = {
    to: null,
    asker_name: 'Ada',
    answerer_name: 'Ben',
    is_instructor: false,
    course_title: 'Course',
    course_slug: 'course',
    lesson_id: id,
    lesson_title: 'Lesson',
    question: 'Q?',
    answer: 'A.',
  }
  assert.ok(answerEmailSchema.safeParse(claimed).success)
  const { answer: _answer, ...withoutAnswer } = claimed
  assert.ok(!answerEmailSchema.safeParse(withoutAnswer).success)
})

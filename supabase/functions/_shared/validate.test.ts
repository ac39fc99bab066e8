// Unit tests of request validation: zod issues become one message per field, bad JSON becomes a 422.
import assert from 'node:assert/strict'
import { z } from 'zod'
import { HttpError } from './http.ts'
import { fieldErrors, parse, readJson } from './validate.ts'

const schema = z.strictObject({ name: z.string('Enter a name.'), tags: z.array(z.string('Tags are text.')) })

function thrown(work: () => unknown): HttpError {
  try {
    work()
  } catch (error) {
    assert.ok(error instanceof HttpError, `expected an HttpError, got ${error}`)
    return error
  }
  assert.fail('expected a throw')
}

Deno.test('parse returns the parsed value when it is valid', () => {
  assert.deepEqual(parse(schema, { name: 'a', tags: [] }), { name: 'a', tags: [] })
})

Deno.test('parse throws 422 validation_failed with one message per field, nested paths dotted', () => {
  const error = thrown(() => parse(schema, { name: 1, tags: ['x', 2] }))
  assert.equal(error.status, 422)
  assert.equal(error.code, 'validation_failed')
  assert.deepEqual(error.fields, { name: 'Enter a name.', 'tags.1': 'Tags are text.' })
})

Deno.test('fieldErrors names each unknown key and puts whole-body problems under "body"', () => {
  const unknown = schema.safeParse({ name: 'a', tags: [], extra: 1, other: 2 })
  assert.ok(!unknown.success)
  assert.deepEqual(fieldErrors(unknown.error), {
    extra: 'This field is not accepted.',
    other: 'This field is not accepted.',
  })
  const notObject = z.object({}, { error: 'Send an object.' }).safeParse([])
  assert.ok(!notObject.success)
  assert.deepEqual(fieldErrors(notObject.error), { body: 'Send an object.' })
})

Deno.test('fieldErrors keeps the first message when a field has several issues', () => {
  const result = z.object({ n: z.string().min(3, 'Too short.').regex(/^\d+$/, 'Digits only.') }).safeParse({ n: 'a' })
  assert.ok(!result.success)
  assert.deepEqual(fieldErrors(result.error), { n: 'Too short.' })
})

const post = (body: string) => new Request('http://local/fn', { method: 'POST', body })

Deno.test('readJson parses a JSON body', async () => {
  assert.deepEqual(await readJson(post('{"a":1}')), { a: 1 })
})

Deno.test('readJson answers malformed JSON with 422 on body', async () => {
  await assert.rejects(readJson(post('{nope')), (error: HttpError) => {
    assert.equal(error.status, 422)
    assert.deepEqual(error.fields, { body: 'The body is not valid JSON.' })
    return true
  })
})

Deno.test('readJson answers an empty body with 422 on body', async () => {
  await assert.rejects(readJson(post('  ')), (error: HttpError) => {
    assert.equal(error.code, 'validation_failed')
    assert.deepEqual(error.fields, { body: 'Send a JSON object.' })
    return true
  })
})

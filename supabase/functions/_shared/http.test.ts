// Unit tests of the response helpers: status, envelope, CORS and the 500 that hides what went wrong.
import assert from 'node:assert/strict'
import { errorResponse, HttpError, json, requireMethod, serveJson } from './http.ts'

const request = (method: string) => new Request('http://local/enroll', { method })

Deno.test('json answers the body with the status, a JSON content type and CORS headers', async () => {
  const response = json({ ok: true }, 201)
  assert.deepEqual(response.status, 201)
  assert.deepEqual(response.headers.get('Content-Type'), 'application/json')
  assert.deepEqual(response.headers.get('Access-Control-Allow-Origin'), '*')
  assert.deepEqual(await response.json(), { ok: true })
})

Deno.test('errorResponse wraps code and message in the error envelope, fields only when given', async () => {
  const plain = errorResponse(new HttpError(404, 'course_not_found', 'Not here.'))
  assert.deepEqual(plain.status, 404)
  assert.deepEqual(await plain.json(), { error: { code: 'course_not_found', message: 'Not here.' } })
  const withFields = errorResponse(new HttpError(422, 'validation_failed', 'Check.', { slug: 'Enter it.' }))
  assert.deepEqual(await withFields.json(), {
    error: { code: 'validation_failed', message: 'Check.', fields: { slug: 'Enter it.' } },
  })
})

Deno.test('serveJson answers a preflight with the headers supabase-js sends, without calling the handler', async () => {
  let called = false
  const response = await serveJson(() => {
    called = true
    return Promise.resolve(json({}))
  })(request('OPTIONS'))
  assert.deepEqual(called, false)
  assert.deepEqual(response.status, 200)
  await response.body?.cancel()
  assert.deepEqual(response.headers.get('Access-Control-Allow-Origin'), '*')
  const allowed = response.headers.get('Access-Control-Allow-Headers') ?? ''
  for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
    assert(allowed.includes(header), `expected ${header} in Access-Control-Allow-Headers, got "${allowed}"`)
  }
  assert(response.headers.get('Access-Control-Allow-Methods')?.includes('POST'))
})

Deno.test('serveJson turns an HttpError into its envelope', async () => {
  const response = await serveJson(() => Promise.reject(new HttpError(403, 'forbidden', 'No.')))(request('POST'))
  assert.deepEqual(response.status, 403)
  assert.deepEqual(await response.json(), { error: { code: 'forbidden', message: 'No.' } })
})

Deno.test('serveJson answers any other throw with a 500 internal that leaks nothing, and logs it', async () => {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => logged.push(args)
  try {
    const response = await serveJson(() => Promise.reject(new Error('secret stack detail')))(request('POST'))
    assert.deepEqual(response.status, 500)
    const body = await response.json()
    assert.deepEqual(body.error.code, 'internal')
    assert(!JSON.stringify(body).includes('secret'), `the body leaked the error: ${JSON.stringify(body)}`)
    assert.deepEqual(logged.length, 1)
  } finally {
    console.error = original
  }
})

Deno.test('requireMethod refuses other methods with 405 and an Allow header', async () => {
  requireMethod(request('POST'), 'POST')
  const response = await serveJson((req) => {
    requireMethod(req, 'POST')
    return Promise.resolve(json({}))
  })(request('GET'))
  assert.deepEqual(response.status, 405)
  assert.deepEqual(response.headers.get('Allow'), 'POST, OPTIONS')
  assert.deepEqual((await response.json()).error.code, 'method_not_allowed')
})

Deno.test('serveJson answers the database being away with 503 unavailable and Retry-After, not a 500', async () => {
  const originalError = console.error
  console.error = () => {}
  try {
    const response = await serveJson(() => {
      throw { code: 'PGRST000', message: 'Database connection error. Retrying the connection.' }
    })(request('POST'))
    assert.equal(response.status, 503)
    assert.equal(response.headers.get('Retry-After'), '1')
    assert.deepEqual(await response.json(), {
      error: { code: 'unavailable', message: 'The service is briefly unavailable. Try again in a moment.' },
    })
  } finally {
    console.error = originalError
  }
})

// Unit tests of request bodies: the size cap (413), JSON bound as the client sent it, and CSV and form bodies whose
// keys are names of Object.prototype (`__proto__`, `constructor`) kept as ordinary keys.
import { Readable } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import { maxBodyBytes, parsePayload, readBody } from './body.ts'
import { parseCsv } from './csv.ts'

function request(chunks: Buffer[], headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(chunks), { headers }) as unknown as IncomingMessage
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected an error')
}

describe('request body', () => {
  it('reads a body in chunks', async () => {
    expect((await readBody(request([Buffer.from('ab'), Buffer.from('c')]))).toString()).toBe('abc')
  })

  it('answers 413 past the cap, from Content-Length before reading and from the bytes otherwise', async () => {
    const announced = await failure(readBody(request([], { 'content-length': String(maxBodyBytes + 1) })))
    expect(announced.status).toBe(413)
    expect(announced.body).toMatchObject({ code: 'PGRST102', message: 'Request body is too large' })
    const chunk = Buffer.alloc(1024 * 1024)
    const streamed = await failure(
      readBody(request(Array.from({ length: maxBodyBytes / chunk.length + 1 }, () => chunk))),
    )
    expect(streamed.status).toBe(413)
  })

  it('binds JSON as the client sent it, without parsing and re-serialising it', () => {
    const text = '{ "name" : "x", "big": 12345678901234567890123, "deep": [[[1]]] }'
    const payload = parsePayload(Buffer.from(text), 'json', 'application/json', undefined, false)
    expect(payload).toEqual({ kind: 'json', json: text, keys: ['name', 'big', 'deep'], isArray: false })
  })

  it('binds deeply nested JSON without overflowing the stack', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    expect(parsePayload(Buffer.from(deep), 'json', 'application/json', undefined, false)).toMatchObject({
      kind: 'json',
      keys: ['a'],
    })
  })

  it('keeps CSV columns named after Object.prototype members', () => {
    const rows = parseCsv('__proto__,constructor,code\n1,2,x')!
    expect(Object.keys(rows[0]!)).toEqual(['__proto__', 'constructor', 'code'])
    const payload = parsePayload(Buffer.from('__proto__,code\n1,x'), 'csv', 'text/csv', undefined, false)
    expect(payload).toEqual({
      kind: 'json',
      json: '[{"__proto__":"1","code":"x"}]',
      keys: ['__proto__', 'code'],
      isArray: true,
    })
  })

  it('keeps form fields named after Object.prototype members', () => {
    const payload = parsePayload(
      Buffer.from('__proto__=1&constructor=2&code=x'),
      'urlencoded',
      'application/x-www-form-urlencoded',
      undefined,
      false,
    )
    expect(payload).toEqual({
      kind: 'json',
      json: '{"__proto__":"1","constructor":"2","code":"x"}',
      keys: ['__proto__', 'constructor', 'code'],
      isArray: false,
    })
  })
})

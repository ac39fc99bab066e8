// Unit tests of the response stage: headers set by SQL (response.headers) are checked like PostgREST's PGRST111,
// and text outside ASCII reaches the wire as its UTF-8 bytes, as PostgREST writes it.
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import { applyGucs, headerText, type RestResponse } from './response.ts'

const response = (): RestResponse => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '' })

function failure(fn: () => unknown): ApiError {
  try {
    fn()
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected an error')
}

describe('response headers', () => {
  it('writes text outside ASCII as its UTF-8 bytes, one Latin-1 character per byte', () => {
    expect(headerText('/courses?id=eq.1')).toBe('/courses?id=eq.1')
    expect(Buffer.from(headerText('/课程'), 'latin1').toString('utf8')).toBe('/课程')
    expect(Buffer.from(headerText('é'), 'latin1')).toEqual(Buffer.from([0xc3, 0xa9]))
  })

  it('applies response.headers, replacing headers of the same name and encoding values outside ASCII', () => {
    const applied = applyGucs(response(), '[{"content-type":"text/plain"},{"X-Name":"课程"}]', '201')
    expect(applied.status).toBe(201)
    expect(applied.headers).toEqual({ 'content-type': 'text/plain', 'X-Name': headerText('课程') })
  })

  it('answers PGRST111 for header names and values HTTP cannot carry', () => {
    for (const gucs of [
      '[{"X-Bad\\nName":"v"}]',
      '[{"X Space":"v"}]',
      '[{"":"v"}]',
      '[{"X-Ok":"line\\r\\nSet-Cookie: evil=1"}]',
      '[{"X-Ok":"nul\\u0000"}]',
      '[{"课程":"v"}]',
      '[{"X-Ok":1}]',
      '{"X-Ok":"v"}',
    ]) {
      const error = failure(() => applyGucs(response(), gucs, null))
      expect(error.body?.code, gucs).toBe('PGRST111')
      expect(error.status).toBe(500)
    }
  })

  it('keeps a header named __proto__ as an ordinary header', () => {
    expect(Object.keys(applyGucs(response(), '[{"__proto__":"x"}]', null).headers)).toEqual([
      'Content-Type',
      '__proto__',
    ])
  })
})

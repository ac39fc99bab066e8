// Unit tests of the response stage: headers set by SQL (response.headers) are checked like PostgREST's PGRST111,
// and text outside ASCII reaches the wire as its UTF-8 bytes, as PostgREST writes it.
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import { applyGucs, headerText, send, type RestResponse } from './response.ts'

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

/** What a real Node server writes for send(response), read from a socket until it closes: the head and the body. */
async function wire(sent: RestResponse): Promise<{ head: Buffer; body: Buffer }> {
  const server = createServer((_req, res) => {
    res.shouldKeepAlive = false
    send(res, sent, false)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
    socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    const chunks: Buffer[] = []
    for await (const chunk of socket) chunks.push(chunk as Buffer)
    const bytes = Buffer.concat(chunks)
    const end = bytes.indexOf('\r\n\r\n')
    return { head: bytes.subarray(0, end), body: bytes.subarray(end + 4) }
  } finally {
    server.close()
  }
}

describe('send', () => {
  it('counts a text body in UTF-8 bytes and writes it as UTF-8', async () => {
    const { head, body } = await wire({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: '["课程é"]',
    })
    expect(head.toString('latin1')).toContain(`Content-Length: ${Buffer.byteLength('["课程é"]')}`)
    expect(body.toString('utf8')).toBe('["课程é"]')
  })

  it('keeps header bytes outside ASCII as they are, beside a text body outside ASCII', async () => {
    const { head, body } = await wire({
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Content-Location': headerText('/课程?select=id') },
      body: '"é"',
    })
    expect(head.toString('utf8')).toContain('Content-Location: /课程?select=id')
    expect(body.toString('utf8')).toBe('"é"')
  })

  it('writes a binary body unchanged', async () => {
    const { body } = await wire({ status: 200, headers: {}, body: Buffer.from([0, 0xff, 0x80]) })
    expect([...body]).toEqual([0, 0xff, 0x80])
  })
})

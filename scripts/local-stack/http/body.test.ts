// The shared body reader against a real HTTP server: within the limit, past it (by header and by stream), a client
// hanging up mid-body, and empty or malformed JSON.
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { BodyAbortedError, BodyTooLargeError, readBody, readJsonBody } from './body.ts'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** Serves one request, hands its outcome to the test, and answers 200 or the error's name. */
function serveOnce(
  read: (req: IncomingMessage) => Promise<unknown>,
): Promise<{ port: number; outcome: Promise<unknown> }> {
  return new Promise((resolveServer) => {
    let settle: (value: unknown) => void = () => {}
    const outcome = new Promise<unknown>((resolve) => (settle = resolve))
    server = createServer((req, res) => {
      read(req).then(
        (value) => {
          settle(value)
          res.end('ok')
        },
        (error: unknown) => {
          settle(error)
          if (!res.destroyed) res.writeHead(413).end(String((error as Error).name))
        },
      )
    })
    server.listen(0, '127.0.0.1', () => resolveServer({ port: (server!.address() as AddressInfo).port, outcome }))
  })
}

function send(port: number, body: Buffer | string, headers: Record<string, string | number> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('readBody', () => {
  it('returns the whole body when it fits the limit', async () => {
    const { port, outcome } = await serveOnce((req) => readBody(req, { limit: 10 }))
    expect(await send(port, '0123456789')).toBe(200)
    expect(((await outcome) as Buffer).toString()).toBe('0123456789')
  })

  it('rejects a streamed body one byte past the limit and still lets the server answer', async () => {
    const { port, outcome } = await serveOnce((req) => readBody(req, { limit: 10 }))
    // Chunked, so only the stream (not content-length) can tell.
    expect(await send(port, '01234567890', { 'transfer-encoding': 'chunked' })).toBe(413)
    const error = await outcome
    expect(error).toBeInstanceOf(BodyTooLargeError)
    expect((error as BodyTooLargeError).limit).toBe(10)
  })

  it('rejects at once when content-length already exceeds the limit', async () => {
    const { port, outcome } = await serveOnce((req) => readBody(req, { limit: 1024 }))
    expect(await send(port, Buffer.alloc(64 * 1024))).toBe(413)
    expect(await outcome).toBeInstanceOf(BodyTooLargeError)
  })

  it('rejects with BodyAbortedError when the client hangs up mid-body', async () => {
    const { port, outcome } = await serveOnce((req) => readBody(req, { limit: 1 << 20 }))
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\nhalf a body')
    setTimeout(() => socket.destroy(), 50)
    expect(await outcome).toBeInstanceOf(BodyAbortedError)
  })

  it('returns an empty buffer for an empty body', async () => {
    const { port, outcome } = await serveOnce((req) => readBody(req, { limit: 10 }))
    expect(await send(port, '')).toBe(200)
    expect(((await outcome) as Buffer).length).toBe(0)
  })
})

describe('readJsonBody', () => {
  it('parses JSON', async () => {
    const { port, outcome } = await serveOnce((req) => readJsonBody(req, { limit: 100 }))
    await send(port, '{"a":[1,2]}')
    expect(await outcome).toEqual({ a: [1, 2] })
  })

  it('gives undefined for an empty or blank body', async () => {
    const { port, outcome } = await serveOnce((req) => readJsonBody(req, { limit: 100 }))
    await send(port, '  \n')
    expect(await outcome).toBeUndefined()
  })

  it('throws SyntaxError for malformed JSON', async () => {
    const { port, outcome } = await serveOnce((req) => readJsonBody(req, { limit: 100 }))
    await send(port, '{"a":')
    expect(await outcome).toBeInstanceOf(SyntaxError)
  })
})

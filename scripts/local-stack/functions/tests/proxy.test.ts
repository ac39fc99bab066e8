// The proxy between the service and a worker, at the byte level: request bodies keep their framing on the pooled
// connection to the worker (no request can be smuggled behind another), and hop-by-hop headers stay on their hop.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey } from '../../keys/index.ts'
import { endToEndHeaders } from '../proxy.ts'
import { startHarness, type Harness } from '../testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.stop()
})

/** Sends raw bytes (asking for `Connection: close`) and collects everything the harness answers until it closes. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(h.url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    // Not end(): Node's server drops a request whose client half-closes before the answer.
    socket.write(bytes)
  })
}

const chunked = (body: string) => `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`
/** What the `inspect` fixture logged: one line per request that reached its worker. */
const seenByWorker = () => h.logs.filter((line) => line.startsWith('[inspect] request '))
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

// Deno hands a GET or HEAD handler no body at all; what matters is that the worker reads the bytes as one body.
describe('request bodies on the way to a worker', () => {
  const smuggled = 'GET /smuggled HTTP/1.1\r\nHost: worker\r\n\r\n'
  const exchange = async (method: string, framing: string, body: string) => {
    await h.call('/inspect?warm', { method: 'GET' })
    h.logs.length = 0
    const answer = await rawExchange(
      `${method} /functions/v1/inspect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${anonKey}\r\n` +
        `${framing}\r\nConnection: close\r\n\r\n${body}`,
    )
    // A request smuggled behind the first would be read by the worker right after it: give it time to show.
    await settle()
    return answer
  }

  it.each(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'POST'])(
    'forwards a chunked %s body with its framing: a request hidden in it never reaches the worker',
    async (method) => {
      const answer = await exchange(method, 'Transfer-Encoding: chunked', chunked(smuggled))
      expect(answer).toMatch(/^HTTP\/1\.1 200 /)
      expect(seenByWorker()).toEqual([`[inspect] request ${method} /inspect`])
    },
  )

  it.each([
    ['with its length', ''],
    ['even when Connection names Content-Length', '\r\nConnection: Content-Length'],
    ['even when Connection names Transfer-Encoding', '\r\nConnection: Transfer-Encoding'],
  ])('forwards a body sent with Content-Length %s', async (_, connection) => {
    const answer = await exchange('GET', `Content-Length: ${smuggled.length}${connection}`, smuggled)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(seenByWorker()).toEqual(['[inspect] request GET /inspect'])
  })

  it('forwards a chunked body even when Connection names Transfer-Encoding', async () => {
    const answer = await exchange(
      'GET',
      'Transfer-Encoding: chunked\r\nConnection: Transfer-Encoding',
      chunked(smuggled),
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(seenByWorker()).toEqual(['[inspect] request GET /inspect'])
  })

  it('hands the function a chunked body intact where Deno gives it one', async () => {
    const answer = await exchange('DELETE', 'Transfer-Encoding: chunked', chunked('{"id": 7}'))
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}')).toMatchObject({ method: 'DELETE', body: '{"id": 7}' })
  })
})

describe('hop-by-hop headers', () => {
  it('drops the headers the Connection header names before the worker', async () => {
    const answer = await rawExchange(
      `GET /functions/v1/inspect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${anonKey}\r\n` +
        'Connection: close, X-Hop-Secret\r\nX-Hop-Secret: not for the worker\r\nX-Kept: yes\r\n\r\n',
    )
    const { headers } = JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}') as { headers: Record<string, string> }
    expect(headers['x-kept']).toBe('yes')
    expect(headers['x-hop-secret']).toBeUndefined()
  })

  it('endToEndHeaders keeps repeated headers and drops every name listed in Connection, in any case', () => {
    const raw = [
      'Set-Cookie',
      'a=1',
      'Connection',
      'close, X-One',
      'x-one',
      '1',
      'Set-Cookie',
      'b=2',
      'CONNECTION',
      ' x-two ,',
      'X-Two',
      '2',
      'Keep-Alive',
      'timeout=5',
      'Transfer-Encoding',
      'chunked',
    ]
    expect(endToEndHeaders(raw)).toEqual(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'])
  })
})

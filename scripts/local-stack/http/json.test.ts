// The shared JSON writer: headers it sets, callers overriding them, and silence once a response is under way.
import { createServer, get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { sendJson } from './json.ts'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function fetchFrom(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve) => {
    get({ port, host: '127.0.0.1' }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
  })
}

it('writes status, JSON, content-type with charset and the byte length', async () => {
  const answer = await fetchFrom((_req, res) => sendJson(res, 201, { name: 'é' }, { 'x-extra': '1' }))
  expect(answer).toMatchObject({ status: 201, body: '{"name":"é"}' })
  expect(answer.headers).toMatchObject({
    'content-type': 'application/json; charset=utf-8',
    'content-length': '13',
    'x-extra': '1',
  })
})

it("lets the caller's content-type win whatever its case", async () => {
  const answer = await fetchFrom((_req, res) =>
    sendJson(res, 400, { code: 400 }, { 'Content-Type': 'application/json' }),
  )
  expect(answer.headers['content-type']).toBe('application/json')
})

it('does nothing once headers are sent', async () => {
  const answer = await fetchFrom((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' })
    sendJson(res, 200, { ignored: true })
    res.end('first')
  })
  expect(answer).toMatchObject({ status: 500, body: 'first' })
})

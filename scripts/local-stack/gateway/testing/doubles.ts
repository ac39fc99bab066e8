// Test doubles for the gateway's tests: services that echo what they received, a gateway on a free port, and a
// small HTTP client that sends exactly the headers it is given (fetch adds its own).
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Service } from '../../http/service.ts'
import { Gateway, type GatewayOptions } from '../index.ts'

export interface Echo {
  service: string
  method: string
  path: string
  authorization: string | null
  rawAuthorization: string[]
  apikey: string | null
}

/** A service that answers 200 with what it saw: the path it was given and the headers that matter. */
export function echoService(name: string, extra: Partial<Service> = {}): Service {
  return {
    name,
    handle(req, res, path) {
      const rawAuthorization = req.rawHeaders.filter(
        (_, i, all) => i % 2 === 1 && all[i - 1]!.toLowerCase() === 'authorization',
      )
      const echo: Echo = {
        service: name,
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization ?? null,
        rawAuthorization,
        apikey: (req.headers.apikey as string | undefined) ?? null,
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(echo))
    },
    ...extra,
  }
}

export interface Started {
  gateway: Gateway
  lines: string[]
  errors: string[]
  url: string
}

export async function startGateway(
  options: Partial<GatewayOptions> & Pick<GatewayOptions, 'services'>,
): Promise<Started> {
  const lines: string[] = []
  const errors: string[] = []
  const gateway = new Gateway({
    port: 0,
    hosts: ['127.0.0.1'],
    log: (line) => lines.push(line),
    logError: (text) => errors.push(text),
    warn: () => {},
    ...options,
  })
  await gateway.start()
  return { gateway, lines, errors, url: gateway.url }
}

/** Resolves once `check` holds (log lines are written when the server side closes, just after the reply). */
export async function eventually(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: string
  json<T = Echo>(): T
}

export function request(
  url: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Sends a WebSocket-style upgrade request and resolves with the raw response head the server wrote. */
export function upgrade(url: string): Promise<{ head: string; socket: Duplex }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    })
    req.on('upgrade', (res, socket) => resolve({ head: `HTTP/1.1 ${res.statusCode}`, socket }))
    req.on('response', (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ head: `HTTP/1.1 ${res.statusCode} ${body}`, socket: res.socket }))
    })
    req.on('error', reject)
    req.end()
  })
}

// Workers over time: edits picked up on the next request without a restart, WebSocket upgrades, and no Deno
// process left behind, whether the service stops or its parent process dies.
import { spawn } from 'node:child_process'
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey } from '../../keys/index.ts'
import { repoRoot } from '../../paths.ts'
import {
  afterSourcesRecheck,
  fixturesDir,
  isAlive,
  processesMentioning,
  startHarness,
  waitFor,
  type Harness,
} from '../testing/harness.ts'

let h: Harness
const websocketKey = Buffer.from('summit-functions').toString('base64')

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.stop()
})

const greet = async (name: string) => {
  const { data, error } = await h.client.functions.invoke<{ message: string; pid: number }>('greet', { body: { name } })
  expect(error).toBeNull()
  return data as { message: string; pid: number }
}

const envValue = async (name: string) => {
  const { data } = await h.client.functions.invoke<{ env: Record<string, string> }>('env')
  return data?.env[name]
}

// Sources are rechecked at most every sourcesRecheckMs (250 ms): each edit waits that long before the next request.
describe('changes picked up without a restart', () => {
  it('keeps a worker warm while nothing changes', async () => {
    const first = await greet('Ada')
    const second = await greet('Grace')
    expect(first.message).toBe('Hello, Ada!')
    expect(second).toEqual({ message: 'Hello, Grace!', pid: first.pid })
  })

  it('serves an edited function on the next request after the recheck interval', async () => {
    const before = await greet('Ada')
    writeFileSync(path.join(h.functionsDir, 'greet', 'style.ts'), "export const punctuation = ' (edited)'\n")
    await afterSourcesRecheck()
    const after = await greet('Ada')
    expect(after.message).toBe('Hello, Ada! (edited)')
    expect(after.pid).not.toBe(before.pid)
  })

  it('restarts the functions that use _shared when a shared module changes', async () => {
    const shared = path.join(h.functionsDir, '_shared', 'greeting.ts')
    writeFileSync(shared, 'export function greet(name: string): string {\n  return `Welcome, ${name}!`\n}\n')
    await afterSourcesRecheck()
    expect((await greet('Ada')).message).toBe('Welcome, Ada! (edited)')
  })

  it('gives the function a new .env value on the next request', async () => {
    expect(await envValue('ADDED_LATER')).toBeUndefined()
    appendFileSync(path.join(h.functionsDir, '.env'), 'ADDED_LATER=yes\n')
    await afterSourcesRecheck()
    expect(await envValue('ADDED_LATER')).toBe('yes')
  })

  it('serves a function folder created while the service runs', async () => {
    const dir = path.join(h.functionsDir, 'brand-new')
    await h.call('/brand-new').then((response) => expect(response.status).toBe(404))
    mkdirSync(dir)
    writeFileSync(path.join(dir, 'index.ts'), "Deno.serve(() => new Response('new'))\n")
    await afterSourcesRecheck()
    const response = await h.call('/brand-new')
    expect(await response.text()).toBe('new')
  })

  it("uses a function's own deno.json as its import map", async () => {
    const dir = path.join(h.functionsDir, 'mapped')
    mkdirSync(dir)
    writeFileSync(path.join(dir, 'deno.json'), JSON.stringify({ imports: { '@shared/': '../_shared/' } }))
    const source = "import { greet } from '@shared/greeting.ts'\nDeno.serve(() => new Response(greet('map')))\n"
    writeFileSync(path.join(dir, 'index.ts'), source)
    expect(await (await h.call('/mapped')).text()).toBe('Welcome, map!')
  })

  it('recovers from a broken edit as soon as the file is fixed', async () => {
    const style = path.join(h.functionsDir, 'greet', 'style.ts')
    writeFileSync(style, 'export const punctuation = \n')
    await afterSourcesRecheck()
    const { error } = await h.client.functions.invoke('greet', { body: { name: 'Ada' } })
    expect((error as { context: Response }).context.status).toBe(503)
    writeFileSync(style, "export const punctuation = '.'\n")
    await afterSourcesRecheck()
    expect((await greet('Ada')).message).toBe('Welcome, Ada!.')
  })
})

describe('WebSocket upgrades', () => {
  it('joins a client to a function that calls Deno.upgradeWebSocket', async () => {
    const echoed = await new Promise<string>((resolve, reject) => {
      const request = http.request(h.endpoint('/ws'), {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': websocketKey,
          authorization: `Bearer ${anonKey}`,
        },
      })
      request.on('upgrade', (_response, socket) => {
        socket.write(maskedTextFrame('hello'))
        socket.once('data', (frame: Buffer) => {
          resolve(frame.subarray(2, 2 + (frame[1] as number)).toString())
          socket.destroy()
        })
      })
      request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)))
      request.on('error', reject)
      request.end()
    })
    expect(echoed).toBe('echo: hello')
  })

  it('refuses an upgrade without a JWT with the verify_jwt answer', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(h.endpoint('/ws'), { headers: { connection: 'Upgrade', upgrade: 'websocket' } })
      request.on('response', (response) => resolve(response.statusCode))
      request.on('upgrade', () => reject(new Error('upgraded without a JWT')))
      request.on('error', reject)
      request.end()
    })
    expect(status).toBe(401)
  })
})

describe('WebSocket upgrades a worker does not accept', () => {
  it('closes the connection after the function answers without upgrading: nothing more reaches the worker', async () => {
    // OPTIONS skips verify_jwt: were the sockets joined, the requests behind it would reach the worker unchecked.
    const answer = await rawConversation([
      'OPTIONS /functions/v1/inspect HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n' +
        'GET /inspect/pipelined HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /inspect/later HTTP/1.1\r\nHost: x\r\n\r\n',
    ])
    expect(answer.closed).toBe(true)
    expect(answer.text.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 200'])
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i)
    expect(h.logs.filter((line) => line.startsWith('[inspect] '))).toEqual(['[inspect] request OPTIONS /inspect'])
  })
})

describe('a WebSocket client that leaves while its function boots', () => {
  const indexFile = () => path.join(h.functionsDir, 'ws-slow-boot', 'index.ts')

  it.each([
    ['resets the connection', (socket: net.Socket) => socket.resetAndDestroy()],
    ['closes the connection', (socket: net.Socket) => socket.destroy()],
  ])('is counted out when it %s: the worker retires after an edit', async (_, leave) => {
    h.logs.length = 0
    const { port } = new URL(h.url)
    const socket = net.connect(Number(port), '127.0.0.1')
    socket.on('error', () => {})
    socket.write(
      'GET /functions/v1/ws-slow-boot HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${websocketKey}\r\nAuthorization: Bearer ${anonKey}\r\n\r\n`,
    )
    // The service has the request by now; the function takes 800 ms to load.
    await new Promise((resolve) => setTimeout(resolve, 200))
    leave(socket)
    const booted = (await (await h.call('/ws-slow-boot')).json()) as { pid: number }
    appendFileSync(indexFile(), '\n')
    await afterSourcesRecheck()
    // The edit starts a new worker; the old one goes once its last request is out.
    expect(((await (await h.call('/ws-slow-boot')).json()) as { pid: number }).pid).not.toBe(booted.pid)
    await waitFor(() => !isAlive(booted.pid))
    expect(isAlive(booted.pid)).toBe(false)
    const sockets = h.logs.filter((line) => line.startsWith('[ws-slow-boot] websocket'))
    expect(sockets.filter((line) => line.endsWith('opened')).length).toBe(
      sockets.filter((line) => line.endsWith('closed')).length,
    )
  })
})

describe('no process left behind', () => {
  it('kills every worker when the service stops', async () => {
    const other = await startHarness()
    const pids = await Promise.all(
      ['/slow', '/throws?fine', '/hangs?fine'].map(
        async (p) => ((await (await other.call(p)).json()) as { pid: number }).pid,
      ),
    )
    expect(pids.every(isAlive)).toBe(true)
    expect(processesMentioning(other.dir)).toHaveLength(3)
    await other.stop()
    expect(pids.filter(isAlive)).toEqual([])
    expect(processesMentioning(other.dir)).toEqual([])
  })

  it('lets workers exit by themselves when their parent process is killed', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', path.join(fixturesDir, 'orphan-parent.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let dir = ''
    const workerPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.setEncoding('utf8')
      parent.stdout.on('data', (text: string) => {
        const match = /worker pid (\d+) in (\S+)/.exec(text)
        if (!match) return
        dir = match[2] as string
        resolve(Number(match[1]))
      })
      parent.once('exit', (code) => reject(new Error(`orphan-parent.ts exited early (${code})`)))
    })
    expect(isAlive(workerPid)).toBe(true)
    parent.kill('SIGKILL')
    const deadline = Date.now() + 5_000
    while (isAlive(workerPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(isAlive(workerPid)).toBe(false)
    rmSync(dir, { recursive: true, force: true })
  })
})

/**
 * Writes each part to a raw connection (100 ms apart) and collects the answer for 500 ms more, or until the service
 * closes the connection.
 */
async function rawConversation(parts: string[]): Promise<{ text: string; closed: boolean }> {
  const { port } = new URL(h.url)
  const socket = net.connect(Number(port), '127.0.0.1')
  let text = ''
  let closed = false
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  socket.on('close', () => (closed = true))
  socket.on('error', () => {})
  for (const part of parts) {
    if (!closed) socket.write(part)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await waitFor(() => closed, 500)
  socket.destroy()
  return { text, closed }
}

/** A client-to-server WebSocket text frame (clients must mask), short payloads only. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = Buffer.from([1, 2, 3, 4])
  const masked = payload.map((byte, i) => byte ^ (mask[i % 4] as number))
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked])
}

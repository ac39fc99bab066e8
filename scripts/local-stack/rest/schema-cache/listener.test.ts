// Tests of the schema-reload listener: it holds one connection and no timers it does not need (none after a
// failed start, one connection after a failed reload), and its catalog check notices new types and enum values,
// does not reload again after a NOTIFY reload, and never runs two reloads at once. The database tests need
// SUMMIT_TEST_DB_URL; each uses its own schema and application_name, so parallel test files do not disturb them.
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { authenticatorUrl } from '../execute/database.ts'
import { ReloadListener } from './listener.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) if (await condition()) return true
  return condition()
}

const listeners: ReloadListener[] = []
function listener(options: Partial<ConstructorParameters<typeof ReloadListener>[0]> & { url: string }) {
  const l = new ReloadListener({
    schemas: ['public'],
    pollMs: 0,
    onReload: async () => {},
    onError: () => {},
    ...options,
  })
  listeners.push(l)
  return l
}
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.stop()))
})

describe('schema reload listener without a database', () => {
  let server: Server
  let connections = 0
  const sockets: Socket[] = []
  beforeAll(async () => {
    // Accepts and drops every connection: a database that is there and then is not.
    server = createServer((socket) => {
      connections++
      sockets.push(socket)
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('rejects a failed start and then stays down: no retries, and stop() still works', async () => {
    const onError = vi.fn()
    const port = (server.address() as AddressInfo).port
    const l = listener({ url: `postgresql://authenticator:postgres@127.0.0.1:${port}/postgres`, onError, pollMs: 10 })
    connections = 0
    await expect(l.start()).rejects.toThrow()
    await sleep(1200)
    expect(connections).toBe(1)
    expect(onError).not.toHaveBeenCalled()
    await expect(l.stop()).resolves.toBeUndefined()
  })
})

describe.skipIf(!dbUrl)('schema reload listener', () => {
  const schema = `rest_listener_${process.pid}`
  let sql: pg.Client
  let url: string
  let names = 0
  const appName = () => `rest-listener-test-${process.pid}-${++names}`
  const connectionsOf = async (name: string) =>
    Number(
      (await sql.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [name]))
        .rows[0]!.n,
    )

  beforeAll(async () => {
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
    await sql.query(`drop schema if exists ${schema} cascade; create schema ${schema}`)
    url = authenticatorUrl(dbUrl!)
  })
  afterAll(async () => {
    await sql.query(`drop schema if exists ${schema} cascade`)
    await sql.end()
  })

  it('closes its connection when the first query fails, and does not retry', async () => {
    const applicationName = appName()
    // A NUL byte cannot be sent as text: the catalog query fails after LISTEN succeeded.
    const l = listener({ url, schemas: ['\0'], applicationName, pollMs: 10 })
    await expect(l.start()).rejects.toThrow()
    expect(await until(async () => (await connectionsOf(applicationName)) === 0, 2000)).toBe(true)
    await sleep(800)
    expect(await connectionsOf(applicationName)).toBe(0)
  })

  it('reconnects once after its connection drops, even when the reload that follows fails', async () => {
    const applicationName = appName()
    const onReload = vi.fn(() => Promise.reject(new Error('cannot read the catalog')))
    const onError = vi.fn()
    const l = listener({ url, schemas: [schema], applicationName, onReload, onError })
    await l.start()
    await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      applicationName,
    ])
    expect(await until(() => onReload.mock.calls.length > 0)).toBe(true)
    await sleep(2500)
    expect(onReload).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'cannot read the catalog' }))
    expect(await connectionsOf(applicationName)).toBe(1)
  })

  it('notices new types and new enum values in the exposed schemas', async () => {
    const onReload = vi.fn(async () => {})
    const l = listener({ url, schemas: [schema], onReload, pollMs: 50, applicationName: appName() })
    await l.start()
    await sql.query(`create type ${schema}.mood as enum ('sad', 'happy')`)
    expect(await until(() => onReload.mock.calls.length === 1, 3000)).toBe(true)
    await sql.query(`alter type ${schema}.mood add value 'calm'`)
    expect(await until(() => onReload.mock.calls.length === 2, 3000)).toBe(true)
    await sql.query(`create domain ${schema}.percent as int check (value between 0 and 100)`)
    expect(await until(() => onReload.mock.calls.length === 3, 3000)).toBe(true)
  })

  it('reloads when an exposed schema appears, not when some other schema does', async () => {
    const onReload = vi.fn(async () => {})
    const later = `${schema}_later`
    const l = listener({ url, schemas: [schema, later], onReload, pollMs: 50, applicationName: appName() })
    await l.start()
    try {
      await sql.query(`create schema ${schema}_elsewhere; drop schema ${schema}_elsewhere`)
      await sleep(400)
      expect(onReload).not.toHaveBeenCalled()
      await sql.query(`create schema ${later}`)
      expect(await until(() => onReload.mock.calls.length === 1, 3000)).toBe(true)
    } finally {
      await sql.query(`drop schema if exists ${later}`)
    }
  })

  it('takes the catalog as it was for a NOTIFY reload, so the next poll does not reload again', async () => {
    const onReload = vi.fn(async () => {})
    const l = listener({ url, schemas: [schema], onReload, pollMs: 100, applicationName: appName() })
    await l.start()
    await sql.query(`begin; create table ${schema}.announced (id int); notify pgrst, 'reload schema'; commit`)
    expect(await until(() => onReload.mock.calls.length === 1, 3000)).toBe(true)
    await sleep(600)
    expect(onReload).toHaveBeenCalledTimes(1)
  })

  it('never runs two reloads at once', async () => {
    let running = 0
    let most = 0
    const onReload = vi.fn(async () => {
      most = Math.max(most, ++running)
      await sleep(300)
      running--
    })
    const l = listener({ url, schemas: [schema], onReload, pollMs: 20, applicationName: appName() })
    await l.start()
    for (let i = 0; i < 5; i++) {
      await sql.query(`create table ${schema}.burst_${i} (id int)`)
      await sleep(80)
    }
    await sql.query("notify pgrst, 'reload schema'")
    expect(await until(() => onReload.mock.calls.length >= 2 && running === 0, 5000)).toBe(true)
    expect(most).toBe(1)
  })
})

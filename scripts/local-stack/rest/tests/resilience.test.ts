// The REST service when the database goes away under it: backends terminated under load and a Postgres restart
// must not crash Node; meanwhile every answer is a 200 or one of PostgREST's 503s, and within 1 s of the database
// being back the service answers again, with a freshly loaded schema cache. Needs SUMMIT_TEST_DB_URL (the restart
// test runs its own throw-away cluster, so the shared database is never stopped).
import path from 'node:path'
import { tmpdir } from 'node:os'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { anonKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { serveMounted, type MountedServer } from '../../testing/serve-mounted.ts'
import { createRestService, type RestService } from '../index.ts'
import { startRestHarness, type RestHarness } from '../testing/harness.ts'
import { freePort, startScratchCluster, type ScratchCluster } from '../testing/scratch-cluster.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Answer {
  status: number
  code: string | undefined
  retryAfter: string | null
  /** When the request was sent (Date.now()). */
  sentAt: number
}

async function get(restUrl: string, path: string): Promise<Answer> {
  const sentAt = Date.now()
  const res = await fetch(`${restUrl}${path}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  let code: string | undefined
  try {
    code = (JSON.parse(text) as { code?: string }).code
  } catch {
    code = undefined
  }
  return { status: res.status, code, retryAfter: res.headers.get('retry-after'), sentAt }
}

/** What PostgREST answers while its database is away: 503 with a connection error's code, and a Retry-After. */
function isAwayAnswer(a: Answer): boolean {
  return (
    a.status === 503 && ['PGRST000', 'PGRST001', 'PGRST002', '57P01'].includes(a.code ?? '') && a.retryAfter !== null
  )
}

/**
 * Polls until a request succeeds; how long after `since` that request was sent. Send times, not answer times: the
 * machine's load may make every answer slow, and what is measured is how long the service keeps failing.
 */
async function msUntilOk(restUrl: string, path: string, since: number, limitMs = 10_000): Promise<number> {
  while (Date.now() - since < limitMs) {
    const answer = await get(restUrl, path)
    if (answer.status === 200) return answer.sentAt - since
    await sleep(20)
  }
  return Infinity
}

describe.skipIf(!dbUrl)('REST when its backends are terminated under load', () => {
  const applicationName = `rest-resilience-${process.pid}`
  let h: RestHarness
  let sql: pg.Client
  beforeAll(async () => {
    h = await startRestHarness(dbUrl!, { applicationName, poolSize: 4 })
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
  }, 60_000)
  afterAll(async () => {
    await sql?.end()
    await h?.close()
  })

  it('answers 200 or a PostgREST 503 meanwhile, never crashes or 500s, and recovers at once', async () => {
    const answers: Answer[] = []
    let loading = true
    const load = async () => {
      while (loading) answers.push(await get(h.restUrl, '/authors?select=*'))
    }
    const workers = Array.from({ length: 8 }, load)
    // Ten rounds of killing every backend of the service (pool and listener) while eight clients keep asking.
    for (let round = 0; round < 10; round++) {
      await sleep(150)
      await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1', [
        `${applicationName}%`,
      ])
    }
    const killedAt = Date.now()
    // The load goes on for two more seconds: whatever failed must have been sent within 1 s of the last kill.
    await sleep(2000)
    loading = false
    await Promise.all(workers)
    const unexpected = answers.filter((a) => a.status !== 200 && !isAwayAnswer(a))
    expect(unexpected).toEqual([])
    const failures = answers.filter((a) => a.status !== 200)
    const lastFailureMs = Math.max(0, ...failures.map((a) => a.sentAt - killedAt))
    expect(lastFailureMs).toBeLessThan(1000)
    expect(answers.filter((a) => a.sentAt > killedAt + 1000 && a.status === 200).length).toBeGreaterThan(0)
    // And it keeps answering: every request after the recovery succeeds.
    for (let i = 0; i < 20; i++) expect((await get(h.restUrl, '/authors?select=*')).status).toBe(200)
  }, 60_000)
})

describe.skipIf(!dbUrl)('REST across a Postgres restart', () => {
  let scratch: ScratchCluster
  let service: RestService
  let mounted: MountedServer
  let restUrl: string
  beforeAll(async () => {
    scratch = await startScratchCluster(path.join(tmpdir(), `rest-restart-${process.pid}`), await freePort())
    const setup = new pg.Client({ connectionString: scratch.url })
    await setup.connect()
    await setup.query(`
      create schema restart_test;
      create table restart_test.rooms (id int primary key, name text not null);
      insert into restart_test.rooms values (1, 'one'), (2, 'two');
      grant usage on schema restart_test to anon;
      grant select on restart_test.rooms to anon;`)
    await setup.end()
    service = createRestService({
      config: loadConfig(),
      dbUrl: scratch.url,
      keys: new JwtKeys(),
      schemas: ['restart_test'],
      poolSize: 4,
      log: () => {},
    })
    await service.start!()
    mounted = await serveMounted('/rest/v1', service)
    restUrl = `${mounted.url}/rest/v1`
  }, 120_000)
  afterAll(async () => {
    await mounted?.close()
    await service?.stop!()
    await scratch?.stop()
  })

  it('answers PostgREST 503s while the database is down and serves again within 1 s of its return', async () => {
    expect((await get(restUrl, '/rooms?select=*')).status).toBe(200)
    const cacheBefore = service.schemaCache
    await scratch.cluster.stop()
    const away: Answer[] = []
    for (let i = 0; i < 10; i++) {
      away.push(await get(restUrl, '/rooms?select=*'))
      await sleep(50)
    }
    expect(away.filter((a) => !isAwayAnswer(a))).toEqual([])
    // Cannot connect at all: PostgREST's connection error.
    expect(away.at(-1)).toMatchObject({ status: 503, code: 'PGRST000' })
    await scratch.cluster.start()
    const recoveryMs = await msUntilOk(restUrl, '/rooms?select=*', Date.now())
    expect(recoveryMs).toBeLessThan(1000)
    // The schema cache was loaded again from the database that came back.
    const reloaded = Date.now()
    while (service.schemaCache === cacheBefore && Date.now() - reloaded < 1000) await sleep(20)
    expect(service.schemaCache).not.toBe(cacheBefore)
  }, 60_000)
})

describe.skipIf(!dbUrl)('REST after a type is dropped and created again', () => {
  const schema = `rest_types_${process.pid}`
  let sql: pg.Client
  let service: RestService
  let mounted: MountedServer
  let restUrl: string
  const create = `
    create type ${schema}.mood as enum ('calm', 'busy');
    create table ${schema}.rooms (id int primary key, mood ${schema}.mood not null);
    insert into ${schema}.rooms values (1, 'calm'), (2, 'busy');
    grant select on ${schema}.rooms to anon;`
  beforeAll(async () => {
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
    await sql.query(`drop schema if exists ${schema} cascade; create schema ${schema};
      grant usage on schema ${schema} to anon; ${create}`)
    service = createRestService({
      config: loadConfig(),
      dbUrl: dbUrl!,
      keys: new JwtKeys(),
      schemas: [schema],
      // One connection: the request after the change runs where the one before it did.
      poolSize: 1,
      // Only the NOTIFY reloads: the catalog check must not help.
      schemaPollMs: 0,
      applicationName: `rest-types-${process.pid}`,
      log: () => {},
    })
    await service.start!()
    mounted = await serveMounted('/rest/v1', service)
    restUrl = `${mounted.url}/rest/v1`
  }, 60_000)
  afterAll(async () => {
    await mounted?.close()
    await service?.stop!()
    await sql?.query(`drop schema if exists ${schema} cascade`)
    await sql?.end()
  })

  it('reads the new type through fresh connections after the reload (no XX000 cache lookup failure)', async () => {
    const path = `/rooms?select=id,mood&mood=eq.calm`
    const headers = { 'accept-profile': schema }
    const read = async () => {
      const res = await fetch(`${restUrl}${path}`, {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, ...headers },
      })
      return { status: res.status, body: (await res.json()) as unknown }
    }
    // Twice, so the statement is prepared on the connection with the first type's OID.
    expect(await read()).toEqual({ status: 200, body: [{ id: 1, mood: 'calm' }] })
    expect(await read()).toEqual({ status: 200, body: [{ id: 1, mood: 'calm' }] })
    const cacheBefore = service.schemaCache
    await sql.query(`drop table ${schema}.rooms; drop type ${schema}.mood; ${create} notify pgrst, 'reload schema'`)
    const started = Date.now()
    while (service.schemaCache === cacheBefore && Date.now() - started < 5000) await sleep(10)
    expect(service.schemaCache).not.toBe(cacheBefore)
    expect(await read()).toEqual({ status: 200, body: [{ id: 1, mood: 'calm' }] })
    expect(await read()).toEqual({ status: 200, body: [{ id: 1, mood: 'calm' }] })
  }, 60_000)
})

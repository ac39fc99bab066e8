// The Realtime service when its database goes away: every connection of the service (pool and replication stream)
// terminated again and again while changes and private joins run, and a Postgres restart. Nothing may crash Node,
// and replication comes back by itself: changes made after the database returns reach the subscribers that were
// there before, within a second of its return.
//
// Both run on a throw-away cluster of their own, never the shared one: a restart ends every connection, and a new
// logical slot is ready only once each transaction that was writing when it was asked for has ended, so on the shared
// cluster another suite's open transaction (a client stalled mid-transaction on a loaded machine) held back the
// resumption this file times for as long as it stayed open.
import path from 'node:path'
import { tmpdir } from 'node:os'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { freePort, startScratchCluster, type ScratchCluster } from '../../rest/testing/scratch-cluster.ts'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { collected, subscribe, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const USER = '00000000-0000-0000-0000-0000000000f1'

const setup = (s: string) => `
  create table ${s}.marks (id bigint primary key, owner uuid not null);
  alter table ${s}.marks enable row level security;
  create policy marks_select_own on ${s}.marks for select to authenticated using (owner = (select auth.uid()));
  grant select on ${s}.marks to authenticated;
  alter publication supabase_realtime add table ${s}.marks;`

/** Whatever reaches the process as an uncaught exception or unhandled rejection while a test runs. */
function crashWatch() {
  const crashes: string[] = []
  const record = (error: unknown) =>
    crashes.push(error instanceof Error ? (error.stack ?? error.message) : String(error))
  beforeEach(() => {
    crashes.length = 0
    process.on('uncaughtException', record)
    process.on('unhandledRejection', record)
  })
  afterEach(() => {
    process.off('uncaughtException', record)
    process.off('unhandledRejection', record)
  })
  return crashes
}

/** Subscribes USER to the marks table; the ids it receives. */
async function marksOf(h: RealtimeHarness): Promise<number[]> {
  const got: number[] = []
  const channel = (await h.client({ token: h.token(USER) }))
    .channel(`marks-${h.schema}`, { config: { postgres_changes_options: { wait: true } } })
    .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'marks' }, (c) => got.push(Number(c.new.id)))
  await subscribe(channel, 20_000)
  return got
}

/**
 * Inserts a row every 50 ms until one is delivered; how long after `since` the first delivered row was inserted
 * (send times: a loaded machine may deliver late, what is measured is how long changes stay undelivered).
 */
async function msUntilDelivered(sql: pg.Client, schema: string, got: number[], firstId: number, since: number) {
  const insertedAt = new Map<number, number>()
  for (let id = firstId; Date.now() - since < 20_000; id++) {
    const at = Date.now()
    const inserted = await sql.query(`insert into ${schema}.marks values ($1, $2)`, [id, USER]).then(
      () => true,
      () => false,
    )
    if (inserted) insertedAt.set(id, at)
    const first = got.find((delivered) => delivered >= firstId)
    if (first !== undefined) return insertedAt.get(first)! - since
    await sleep(50)
  }
  return Infinity
}

describe.skipIf(!dbUrl)('realtime on a cluster of its own', () => {
  let scratch: ScratchCluster
  beforeAll(async () => {
    scratch = await startScratchCluster(path.join(tmpdir(), `realtime-resilience-${process.pid}`), await freePort())
  }, 120_000)
  afterAll(() => scratch?.stop())

  describe('when its backends are terminated under load', () => {
    const crashes = crashWatch()
    let h: RealtimeHarness
    beforeAll(async () => {
      h = await startRealtimeHarness(scratch.url, { setup })
    })
    afterAll(() => h?.close())

    it('never crashes, and resumes replication by itself after the last kill', async () => {
      const got = await marksOf(h)
      let running = true
      let id = 0
      // Changes streaming and private channels being authorised (a transaction on a pooled connection) meanwhile.
      const changes = (async () => {
        while (running) {
          await h.sql.query(`insert into ${h.schema}.marks values ($1, $2)`, [++id, USER]).catch(() => {})
          await sleep(5)
        }
      })()
      const joins = (async () => {
        const client = await h.client({ token: h.token(USER) })
        for (let i = 0; running; i++) {
          const channel = client.channel(`private-${i}`, { config: { private: true } })
          channel.subscribe()
          await sleep(30)
          await client.removeChannel(channel)
        }
      })()
      for (let round = 0; round < 10; round++) {
        await sleep(150)
        await h.sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
          `summit-realtime ${h.service.tag}`,
        ])
      }
      const killedAt = Date.now()
      running = false
      await Promise.all([changes, joins])
      // Resuming means a new connection and a new temporary slot, which waits for the transactions running then: with
      // the other suites loading the machine that alone can take most of a second.
      expect(await msUntilDelivered(h.sql, h.schema, got, 1_000_000, killedAt)).toBeLessThan(2000)
      expect(h.service.replicating).toBe(true)
      expect(crashes).toEqual([])
    }, 60_000)
  })

  describe('across a Postgres restart', () => {
    const crashes = crashWatch()
    let h: RealtimeHarness
    beforeAll(async () => {
      h = await startRealtimeHarness(scratch.url, { setup })
    })
    // Its own connection died with the server.
    afterAll(() => h?.close().catch(() => {}))

    it('keeps running while the database is down and delivers again within 1 s of its return', async () => {
      const got = await marksOf(h)
      await h.sql.query(`insert into ${h.schema}.marks values (1, $1)`, [USER])
      await collected('the insert before the restart', got, 1)
      await scratch.cluster.stop()
      await waitFor('replication to notice', () => !h.service.replicating)
      // Down for longer than the reconnection backoff takes to grow.
      await sleep(3000)
      await scratch.cluster.start()
      const back = Date.now()
      // The harness's own connection died with the server: the changes come from a new one.
      const sql = new pg.Client({ connectionString: scratch.url })
      await sql.connect()
      try {
        expect(await msUntilDelivered(sql, h.schema, got, 100, back)).toBeLessThan(1000)
      } finally {
        await sql.end()
      }
      expect(crashes).toEqual([])
    }, 60_000)
  })
})

// Subscription rows of instances that are gone are deleted when an instance (re)connects, once they are old enough to
// tell (the manager cleans up again after that long); the rows of a live instance never are, even when the cleanup read
// the connections in the moment that instance had none (its connections ended, then came back and wrote its rows).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_NAME, DELETE_ORPHANS, ORPHAN_MIN_AGE_S, SubscriptionStore } from '../changes/subscriptions.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

describe.skipIf(!dbUrl)('realtime subscription orphans', () => {
  const schema = `rt_${randomBytes(4).toString('hex')}`
  const tag = () => randomBytes(6).toString('hex')
  let sql: pg.Client
  const pools: pg.Pool[] = []
  /** A store whose pool connects as the instance `tag` (live while a connection is open), or as nobody. */
  const store = (instance: string, live: boolean) => {
    const pool = new pg.Pool({
      connectionString: dbUrl,
      max: 1,
      application_name: live ? `${APPLICATION_NAME} ${instance}` : 'orphans test',
    })
    pools.push(pool)
    return { pool, store: new SubscriptionStore(pool, instance) }
  }
  const subscribe = async (s: SubscriptionStore) => {
    const id = s.newId()
    const result = await s.create(
      [{ id, params: { action: '*', schema, table: 'events', filters: [], select: null } }],
      { role: 'anon' },
    )
    expect(result.ok).toBe(true)
    return id
  }
  const exists = async (id: string) =>
    (await sql.query('select 1 from realtime.subscription where subscription_id = $1', [id])).rowCount === 1

  beforeAll(async () => {
    sql = new pg.Client({ connectionString: dbUrl })
    await sql.connect()
    await sql.query(`create schema ${schema}; grant usage on schema ${schema} to anon;
      create table ${schema}.events (id bigint primary key); grant select on ${schema}.events to anon;
      alter publication supabase_realtime add table ${schema}.events`)
  })
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
    await sql.query(`drop schema ${schema} cascade`)
    await sql.end()
  })

  it('deletes the rows of a gone instance and keeps those a live instance wrote after the cleanup read who is live', async () => {
    // An instance that is gone: its rows were written a while ago and none of its connections is left.
    const gone = store(tag(), false)
    const goneId = await subscribe(gone.store)
    await sql.query(
      `update realtime.subscription set created_at = created_at - interval '1 hour' where subscription_id = $1`,
      [goneId],
    )
    // An instance that was live all along.
    const steady = store(tag(), true)
    const steadyId = await subscribe(steady.store)

    // The cleanup reads the connections (once per transaction) before the next instance has any...
    const cleanup = new pg.Client({ connectionString: dbUrl, application_name: `${APPLICATION_NAME} ${tag()}` })
    await cleanup.connect()
    await cleanup.query('begin')
    await cleanup.query('select count(*) from pg_catalog.pg_stat_activity')
    // ...which then connects and writes its rows...
    const back = store(tag(), true)
    const backId = await subscribe(back.store)
    // ...before the cleanup deletes.
    await cleanup.query(DELETE_ORPHANS)
    await cleanup.query('commit')
    await cleanup.end()

    expect({ gone: await exists(goneId), steady: await exists(steadyId), back: await exists(backId) }).toEqual({
      gone: false,
      steady: true,
      back: true,
    })
  })

  it("leaves a gone instance's rows while they are young, and deletes them once they are old enough", async () => {
    // An instance that crashed just after writing its rows (started again at once, under a new tag).
    const crashed = store(tag(), false)
    const crashedId = await subscribe(crashed.store)
    const cleanup = store(tag(), true)
    await cleanup.store.removeOrphans()
    expect(await exists(crashedId)).toBe(true)
    await sql.query(
      `update realtime.subscription set created_at = created_at - make_interval(secs => $2) where subscription_id = $1`,
      [crashedId, ORPHAN_MIN_AGE_S + 1],
    )
    await cleanup.store.removeOrphans()
    expect(await exists(crashedId)).toBe(false)
  })
})

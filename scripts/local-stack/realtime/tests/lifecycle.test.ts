// The service's life against its database: a temporary replication slot, a replication stream and pool that
// come back after their connections are killed (what `stack reset` does to them), subscriptions that follow an
// access_token update, random frames that never break a socket, and a stop that leaves nothing behind.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { RawSocket } from '../testing/raw-socket.ts'
import { collected, subscribe, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

const setup = (s: string) => `
  create table ${s}.events (id bigint primary key, owner uuid);
  alter table ${s}.events enable row level security;
  create policy events_select_owner on ${s}.events for select to authenticated using (owner = (select auth.uid()));
  grant select on ${s}.events to authenticated;
  alter publication supabase_realtime add table ${s}.events;`

const U1 = '00000000-0000-0000-0000-0000000000e1'
const U2 = '00000000-0000-0000-0000-0000000000e2'

describe.skipIf(!dbUrl)('realtime service lifecycle', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { setup })
  })
  afterAll(() => h?.close())

  const slot = async () => {
    const slots = await h.sql.query<{ temporary: boolean; active: boolean; active_pid: number }>(
      'select temporary, active, active_pid from pg_replication_slots where slot_name = $1',
      [`summit_realtime_${h.service.tag}`],
    )
    return slots.rows[0]
  }

  it('streams from a temporary slot and comes back after its connections are killed', async () => {
    const before = await slot()
    expect(before).toMatchObject({ temporary: true, active: true })
    const got: number[] = []
    const channel = (await h.client({ token: h.token(U1) }))
      .channel('lifecycle', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'events' }, (c) => got.push(Number(c.new.id)))
    await subscribe(channel, 20_000)
    await h.sql.query(`insert into ${h.schema}.events values (1, $1)`, [U1])
    await collected('the first insert', got, 1)

    await h.sql.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      `summit-realtime ${h.service.tag}`,
    ])
    let after = await slot()
    for (let tries = 0; after?.active_pid === before!.active_pid || !after?.active; tries++) {
      if (tries > 100) throw new Error(`no new slot after the outage: ${JSON.stringify(after)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      after = await slot()
    }
    expect(after).toMatchObject({ temporary: true, active: true })
    await h.sql.query(`insert into ${h.schema}.events values (2, $1)`, [U1])
    await collected('the insert after the outage', got, 2, 10_000)
    expect(got).toEqual([1, 2])
  })

  it('keeps delivering when a subscribed table is dropped and created again (a reset re-runs migrations)', async () => {
    const table = `${h.schema}.recreated`
    const create = `create table ${table} (id bigint primary key); grant select on ${table} to anon;
      alter publication supabase_realtime add table ${table}`
    await h.sql.query(create)
    const got: number[] = []
    const channel = (await h.client())
      .channel('recreated', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'recreated' }, (c) =>
        got.push(Number(c.new.id)),
      )
    await subscribe(channel, 20_000)
    await h.sql.query(`insert into ${table} values (1)`)
    await collected('the insert before', got, 1)
    await h.sql.query(`drop table ${table}; ${create}`)
    await h.sql.query(`insert into ${table} values (2)`)
    expect(await collected('the insert into the new table', got, 2)).toEqual([1, 2])
  })

  it('follows an access_token update: the subscription takes the new claims', async () => {
    const got: number[] = []
    const client = await h.client({ token: h.token(U1) })
    const system: string[] = []
    const channel = client
      .channel('token-update', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'events' }, (c) => got.push(Number(c.new.id)))
      .on('system', {}, (m: { message: string }) => system.push(m.message))
    await subscribe(channel, 20_000)
    await client.realtime.setAuth(h.token(U2))
    await waitFor('the resubscription', () => system.filter((m) => m === 'Subscribed to PostgreSQL').length >= 2)
    await h.sql.query(`insert into ${h.schema}.events values (10, $1), (11, $2)`, [U1, U2])
    expect(await collected('the new user’s row', got, 1)).toEqual([11])
  })

  it('survives any sequence of random frames, on both protocols', async () => {
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      const socket = await RawSocket.open(h.url, vsn)
      const { joinRef } = await socket.join('realtime:fuzz', { config: { broadcast: { ack: true } } })
      const frame = fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.string({ maxLength: 64 }),
        fc.json().map((json) => `[${JSON.stringify(joinRef)},"9","realtime:fuzz",${json}]`),
        fc
          .tuple(fc.string(), fc.json())
          .map(([event, payload]) => JSON.stringify([joinRef, '9', 'realtime:fuzz', event, JSON.parse(payload)])),
      )
      fc.assert(
        fc.property(fc.array(frame, { maxLength: 20 }), (frames) => {
          for (const f of frames) socket.sendRaw(f)
        }),
        { numRuns: 30 },
      )
      const ref = socket.push('realtime:fuzz', 'broadcast', { type: 'broadcast', event: 'still', payload: {} }, joinRef)
      expect((await socket.reply(ref)).payload).toEqual({ status: 'ok', response: {} })
      expect(socket.closed).toBeUndefined()
      socket.close()
    }
  })

  it('stops promptly, leaving no slot, connection or subscription behind', async () => {
    const other = await startRealtimeHarness(dbUrl!, { setup })
    const channel = (await other.client({ token: other.token(U1) }))
      .channel('stopping', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: '*', schema: other.schema, table: 'events' }, () => {})
    await subscribe(channel, 20_000)
    const tag = other.service.tag
    const started = performance.now()
    await other.service.stop()
    expect(performance.now() - started).toBeLessThan(3000)
    const left = async () =>
      (
        await h.sql.query<{ slots: number; backends: number; rows: number }>(
          `select (select count(*)::int from pg_replication_slots where slot_name = $1) as slots,
                  (select count(*)::int from pg_stat_activity where application_name = $2) as backends,
                  (select count(*)::int from realtime.subscription where right(subscription_id::text, 12) = $3) as rows`,
          [`summit_realtime_${tag}`, `summit-realtime ${tag}`, tag],
        )
      ).rows[0]
    // A backend leaves pg_stat_activity a moment after its client has gone.
    let remaining = await left()
    for (let tries = 0; remaining?.backends !== 0 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      remaining = await left()
    }
    expect(remaining).toEqual({ slots: 0, backends: 0, rows: 0 })
    await other.close()
  })
})

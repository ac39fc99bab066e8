// A class of learners, each subscribed to their own progress rows (filter user_id=eq.<id>, RLS on the table): a
// burst of saves is checked in batches with the other learners screened out before any filter or RLS work, and
// still every learner gets exactly their own changes, in commit order, whatever spelling of the id the filter uses.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { collected, settle, subscribe } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const LEARNERS = 12
const SAVES = 5
const learner = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`

const setup = (s: string) => `
  create table ${s}.progress (user_id uuid not null, lesson integer not null, seq integer not null default 0,
    primary key (user_id, lesson));
  alter table ${s}.progress enable row level security;
  create policy progress_select_own on ${s}.progress for select to authenticated
    using (user_id = (select auth.uid()));
  grant select on ${s}.progress to authenticated;
  alter publication supabase_realtime add table ${s}.progress;`

type Change = RealtimePostgresChangesPayload<{ user_id: string; seq: number }>
const row = (change: Change) => change.new as { user_id: string; seq: number }

describe.skipIf(!dbUrl)('realtime under a class of subscribers', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { setup })
  })
  afterAll(() => h?.close())

  it('delivers each learner exactly their own saves, in order, screening the others out', async () => {
    const users = Array.from({ length: LEARNERS }, (_, i) => learner(i))
    await h.sql.query(`insert into ${h.schema}.progress (user_id, lesson) select u, 1 from unnest($1::uuid[]) u`, [
      users,
    ])
    const received = users.map((): Change[] => [])
    // One filter per spelling uuid_in accepts: the screen must not drop a learner whose id is written differently.
    const spell = (id: string, i: number) =>
      i % 3 === 1 ? id.toUpperCase() : i % 3 === 2 ? `{${id.replace(/-/g, '')}}` : id
    for (const [i, user] of users.entries()) {
      const client = await h.client({ token: h.token(user) })
      const channel = client
        .channel(`class-${i}`, { config: { postgres_changes_options: { wait: true } } })
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: h.schema, table: 'progress', filter: `user_id=eq.${spell(user, i)}` },
          (change: Change) => received[i]!.push(change),
        )
      await subscribe(channel, 20_000)
    }
    // Every learner saves SAVES times, one transaction per save, interleaved as a class would.
    const saves: string[] = []
    for (let seq = 1; seq <= SAVES; seq++) {
      for (const user of users) {
        saves.push(`update ${h.schema}.progress set seq = ${seq} where user_id = '${user}' and lesson = 1`)
      }
    }
    await h.sql.query(saves.join(';\n'))
    for (const [i, user] of users.entries()) {
      const got = await collected(`the saves of learner ${i}`, received[i]!, SAVES, 10_000)
      expect(got.map((c) => row(c).user_id)).toEqual(Array(SAVES).fill(user))
      expect(got.map((c) => row(c).seq)).toEqual([1, 2, 3, 4, 5])
    }
    await settle()
    expect(received.map((changes) => changes.length)).toEqual(Array(LEARNERS).fill(SAVES))
    expect(h.service.screening).toBe(true)
  })

  it('still reports apply_rls errors to subscribers the screen leaves out', async () => {
    // A role that cannot read the primary key gets "Error 401: Unauthorized" for every change, matching or not.
    await h.sql.query(`create table ${h.schema}.secret_keys (id bigint primary key, owner uuid, note text);
      grant select (owner, note) on ${h.schema}.secret_keys to authenticated;
      alter publication supabase_realtime add table ${h.schema}.secret_keys`)
    const errors: unknown[] = []
    const channel = (await h.client({ token: h.token(learner(0)) }))
      .channel('secret-keys', { config: { postgres_changes_options: { wait: true } } })
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: h.schema, table: 'secret_keys', filter: `owner=eq.${learner(0)}` },
        (change: RealtimePostgresChangesPayload<Record<string, unknown>>) => errors.push(change.errors),
      )
    await subscribe(channel, 20_000)
    await h.sql.query(`insert into ${h.schema}.secret_keys values (1, $1, 'other learner')`, [learner(1)])
    expect(await collected('the 401 error', errors, 1)).toEqual([['Error 401: Unauthorized']])
  })
})

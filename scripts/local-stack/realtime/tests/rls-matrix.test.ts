// postgres_changes under RLS, on both protocol versions: each subscriber (two users, anon, service_role) gets exactly
// the inserts and updates its SELECT policies let it see, deletes reach everyone with only the primary key (as
// Realtime sends them), columns without SELECT privilege never appear, and a table the role cannot read at all
// yields "Error 401: Unauthorized" without data.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { collected, settle, subscribe } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const ALICE = '00000000-0000-0000-0000-00000000a11c'
const BOB = '00000000-0000-0000-0000-000000000b0b'
const CAROL = '00000000-0000-0000-0000-0000000ca201'

const setup = (s: string) => `
  create table ${s}.notes (id bigint primary key, owner uuid not null, team text not null, body text, secret text);
  alter table ${s}.notes enable row level security;
  create policy notes_select_member on ${s}.notes for select to authenticated
    using (owner = (select auth.uid()) or team = (select auth.jwt() ->> 'team'));
  create policy notes_select_public on ${s}.notes for select to anon using (team = 'public');
  grant select (id, owner, team, body) on ${s}.notes to anon, authenticated;
  grant select on ${s}.notes to service_role;
  create table ${s}.hidden (id bigint primary key, body text);
  alter publication supabase_realtime add table ${s}.notes, ${s}.hidden;`

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

/** What a subscriber received, as "EVENT id" with the record's keys. */
const summary = (changes: Change[]) =>
  changes.map((c) => {
    const record = c.eventType === 'DELETE' ? c.old : c.new
    return `${c.eventType} ${String(record.id)} ${Object.keys(record).sort().join(',')}`
  })

describe.skipIf(!dbUrl)('realtime postgres_changes under RLS', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { setup })
  })
  afterAll(() => h?.close())

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('gives each subscriber only the rows and columns its role and claims may read', async () => {
      const subscribers: Record<string, Promise<SupabaseClient>> = {
        alice: h.client({ vsn, token: h.token(ALICE, { team: 'red' }) }),
        bob: h.client({ vsn, token: h.token(BOB, { team: 'blue' }) }),
        anon: h.client({ vsn }),
        service: h.client({ vsn, token: serviceRoleKey }),
      }
      const received: Record<string, Change[]> = {}
      for (const [name, client] of Object.entries(subscribers)) {
        received[name] = []
        const channel = (await client)
          .channel(`notes-${vsn}-${name}`, { config: { postgres_changes_options: { wait: true } } })
          .on('postgres_changes', { event: '*', schema: h.schema, table: 'notes' }, (c) => received[name]!.push(c))
        await subscribe(channel, 20_000)
      }
      const base = vsn === '1.0.0' ? 0 : 10
      // Realtime checks RLS against the row as it is when the change is processed (a row deleted meanwhile is
      // invisible), so each change is let through before the next is made.
      const run = async (sql: string, ...params: unknown[]) => {
        const before = received.service!.length
        await h.sql.query(sql, params)
        await collected('the change for service_role', received.service!, before + 1)
      }
      const notes = `${h.schema}.notes`
      await run(`insert into ${notes} values ($1 + 1, $2, 'green', 'alice''s', 's1')`, base, ALICE)
      await run(`insert into ${notes} values ($1 + 2, $2, 'red', 'bob''s', 's2')`, base, BOB)
      await run(`insert into ${notes} values ($1 + 3, $2, 'public', 'anyone''s', 's3')`, base, CAROL)
      await run(`update ${notes} set team = 'blue' where id = $1 + 1`, base)
      await run(`update ${notes} set owner = $2, team = 'green' where id = $1 + 2`, base, CAROL)
      await run(`delete from ${notes} where id = $1 + 3`, base)
      await collected('every change for service_role', received.service!, 6)
      await settle(300)
      const cols = 'body,id,owner,team'
      const id = (n: number) => base + n
      expect(summary(received.alice!)).toEqual([
        `INSERT ${id(1)} ${cols}`,
        `INSERT ${id(2)} ${cols}`,
        `UPDATE ${id(1)} ${cols}`,
        `DELETE ${id(3)} id`,
      ])
      expect(summary(received.bob!)).toEqual([
        `INSERT ${id(2)} ${cols}`,
        `UPDATE ${id(1)} ${cols}`,
        `DELETE ${id(3)} id`,
      ])
      expect(summary(received.anon!)).toEqual([`INSERT ${id(3)} ${cols}`, `DELETE ${id(3)} id`])
      const all = 'body,id,owner,secret,team'
      expect(summary(received.service!)).toEqual([
        `INSERT ${id(1)} ${all}`,
        `INSERT ${id(2)} ${all}`,
        `INSERT ${id(3)} ${all}`,
        `UPDATE ${id(1)} ${all}`,
        `UPDATE ${id(2)} ${all}`,
        `DELETE ${id(3)} id`,
      ])
      for (const change of received.alice!) expect(change.errors).toBeNull()
    })
  })

  it('sends "Error 401: Unauthorized" without data for a table the role cannot read', async () => {
    const got: Change[] = []
    const channel = (await h.client())
      .channel('hidden', { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'hidden' }, (c) => got.push(c))
    await subscribe(channel, 20_000)
    await h.sql.query(`insert into ${h.schema}.hidden values (1, 'classified')`)
    const [change] = await collected('the refused insert', got, 1)
    expect(change).toMatchObject({ eventType: 'INSERT', new: {}, errors: ['Error 401: Unauthorized'] })
  })
})

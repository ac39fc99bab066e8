// A change with hundreds of subscribers is checked in parts on several connections (each socket's subscribers in one
// part) and delivered as one check would: every binding allowed to see it gets it once, one allowed not to never
// does, and a socket's bindings arrive together in one message.
import os from 'node:os'
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { collected, settle, subscribe } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const SOCKETS = 3
/** Bindings per channel, each a different filter that every change below passes: 240 subscriptions in all. */
const BINDINGS = 80
const user = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`

const setup = (s: string) => `
  create table ${s}.items (id bigint primary key, room integer not null, body text);
  alter table ${s}.items enable row level security;
  create policy items_room on ${s}.items for select to authenticated
    using (room = ((select auth.jwt() ->> 'room'))::integer);
  grant select on ${s}.items to authenticated;
  alter publication supabase_realtime add table ${s}.items;`

type Change = RealtimePostgresChangesPayload<{ id: number }>

describe.skipIf(!dbUrl)('realtime with hundreds of subscribers to one change', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { setup })
  })
  afterAll(() => h?.close())

  it('checks them in parts and delivers to each binding allowed to see the change, once', async () => {
    // Sockets 0–2 are in room 1; socket 3 in room 2 sees nothing of room 1.
    const received = Array.from({ length: SOCKETS + 1 }, () => Array.from({ length: BINDINGS }, (): number[] => []))
    for (let i = 0; i <= SOCKETS; i++) {
      const client = await h.client({ token: h.token(user(i), { room: i < SOCKETS ? 1 : 2 }) })
      let channel = client.channel(`items-${i}`, { config: { postgres_changes_options: { wait: true } } })
      for (let b = 0; b < BINDINGS; b++) {
        channel = channel.on(
          'postgres_changes',
          { event: 'INSERT', schema: h.schema, table: 'items', filter: `id=neq.${1000 + b}` },
          (change: Change) => received[i]![b]!.push((change.new as { id: number }).id),
        )
      }
      await subscribe(channel, 30_000)
    }
    const insert = (id: number) =>
      h.sql.query(`insert into ${h.schema}.items (id, room, body) values ($1, 1, 'change')`, [id])
    // The first check of a connection prepares it (and tells whether it screens); the next changes are shared out.
    await insert(1)
    await collected('the first change', received[0]![0]!, 1, 10_000)
    await insert(2)
    await insert(3)
    for (let i = 0; i < SOCKETS; i++) {
      for (let b = 0; b < BINDINGS; b++) {
        expect(await collected(`socket ${i}, binding ${b}`, received[i]![b]!, 3, 10_000)).toEqual([1, 2, 3])
      }
    }
    await settle()
    expect(received.slice(0, SOCKETS).flat().flat()).toHaveLength(SOCKETS * BINDINGS * 3)
    expect(received[SOCKETS]!.flat()).toEqual([])
    // 320 candidates a change (socket 3's bindings pass their filters, RLS refuses them), 100 or more a part: as many
    // parts as there are cores, at most 4.
    const cores = os.availableParallelism()
    expect(h.service.checkParts).toBeGreaterThanOrEqual(Math.min(2, cores))
    expect(h.service.checkParts).toBeLessThanOrEqual(Math.min(4, cores))
  })
})

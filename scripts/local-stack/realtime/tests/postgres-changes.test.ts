// postgres_changes through supabase-js on both protocol versions: INSERT, UPDATE, DELETE and * by table and by
// schema, every filter operator (negated too, combined, quoted), selected columns, replica identity full, binding
// ids in the join reply, the wait option, and the system messages of subscriptions that cannot be made.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { RawSocket } from '../testing/raw-socket.ts'
import { collected, settle, subscribe, subscribeOutcome, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

type Row = Record<string, unknown>
type Change = RealtimePostgresChangesPayload<Row>

const setup = (s: string) => `
  create table ${s}.items (
    id bigint primary key, title text, qty int, price numeric, done boolean, note text,
    tags text[], meta jsonb, created timestamptz default '2024-05-01 10:00:00+00');
  create table ${s}.full_items (id bigint primary key, title text);
  alter table ${s}.full_items replica identity full;
  create table ${s}.unpublished (id bigint primary key);
  grant select on ${s}.items, ${s}.full_items, ${s}.unpublished to anon, authenticated;
  alter publication supabase_realtime add table ${s}.items, ${s}.full_items;`

/** Filter → the ids of the rows below it matches. */
const FILTERS: [string, number[]][] = [
  ['qty=eq.5', [2]],
  ['qty=neq.5', [1, 3]],
  ['qty=lt.5', [1]],
  ['qty=lte.5', [1, 2]],
  ['qty=gt.5', [3]],
  ['qty=gte.5', [2, 3]],
  ['qty=in.(1,10)', [1, 3]],
  ['qty=not.in.(1,10)', [2]],
  ['title=like.%an%', [2]],
  ['title=ilike.b%', [2]],
  ['title=not.ilike.b%', [1, 3]],
  ['done=is.true', [1]],
  ['done=is.null', [3]],
  ['done=not.is.null', [1, 2]],
  ['title=match.^[a-c]', [1, 3]],
  ['title=imatch.^B', [2]],
  ['note=isdistinct.x', [1, 3]],
  ['note=not.isdistinct.x', [2]],
  ['title=eq."cherry, pie"', [3]],
  ['title=in.("cherry, pie",apple)', [1, 3]],
  ['price=gt.9.99', [2, 3]],
  ['qty=gte.1,qty=lt.10', [1, 2]],
  ['qty=not.eq.1', [2, 3]],
]

describe.skipIf(!dbUrl)('realtime postgres_changes', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { setup })
  })
  afterAll(() => h?.close())
  const waiting = { config: { postgres_changes_options: { wait: true } } }

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('delivers INSERT, UPDATE and DELETE to *, each event type, and a whole schema', async () => {
      const table = { schema: h.schema, table: 'items' }
      const all: Change[] = []
      const inserts: Change[] = []
      const updates: Change[] = []
      const deletes: Change[] = []
      const bySchema: Change[] = []
      const channel = (await h.client({ vsn }))
        .channel(`changes-${vsn}`, waiting)
        .on('postgres_changes', { event: '*', ...table }, (c) => all.push(c))
        .on('postgres_changes', { event: 'INSERT', ...table }, (c) => inserts.push(c))
        .on('postgres_changes', { event: 'UPDATE', ...table }, (c) => updates.push(c))
        .on('postgres_changes', { event: 'DELETE', ...table }, (c) => deletes.push(c))
        .on('postgres_changes', { event: '*', schema: h.schema }, (c) => bySchema.push(c))
      await subscribe(channel, 20_000)
      const id = vsn === '1.0.0' ? 101 : 102
      await h.sql.query(
        `insert into ${h.schema}.items (id, title, qty, price, done, tags, meta) values ($1, 'new', 3, 2.5, true, '{a,b}', '{"k":[1]}')`,
        [id],
      )
      await h.sql.query(`update ${h.schema}.items set title = 'changed' where id = $1`, [id])
      await h.sql.query(`delete from ${h.schema}.items where id = $1`, [id])
      await h.sql.query(`insert into ${h.schema}.full_items values ($1, 'f')`, [id])
      await collected('all three changes', all, 3)
      await collected('changes in the schema', bySchema, 4)
      expect(all.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
      expect([inserts.length, updates.length, deletes.length]).toEqual([1, 1, 1])
      expect(inserts[0]).toMatchObject({
        schema: h.schema,
        table: 'items',
        eventType: 'INSERT',
        errors: null,
        new: { id, title: 'new', qty: 3, price: 2.5, done: true, note: null, tags: ['a', 'b'], meta: { k: [1] } },
        old: {},
      })
      expect(inserts[0]!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect((inserts[0]!.new as Row).created).toBe('2024-05-01T10:00:00+00:00')
      expect(updates[0]).toMatchObject({ new: { id, title: 'changed' }, old: { id } })
      expect(deletes[0]).toMatchObject({ old: { id }, new: {} })
      expect(bySchema.map((c) => c.table)).toEqual(['items', 'items', 'items', 'full_items'])
    })

    it('applies every filter operator, negated, combined and quoted', async () => {
      const got = new Map<string, number[]>()
      const channel = (await h.client({ vsn })).channel(`filters-${vsn}`, waiting)
      for (const [filter] of FILTERS) {
        got.set(filter, [])
        channel.on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'items', filter }, (c) =>
          got.get(filter)!.push(Number(c.new.id) % 10),
        )
      }
      await subscribe(channel, 20_000)
      const base = vsn === '1.0.0' ? 10 : 20
      await h.sql.query(
        `insert into ${h.schema}.items (id, title, qty, price, done, note) values
          ($1 + 1, 'apple', 1, 1.5, true, null), ($1 + 2, 'Banana', 5, 10, false, 'x'), ($1 + 3, 'cherry, pie', 10, 100.25, null, 'y')`,
        [base],
      )
      const expected = FILTERS.reduce((sum, [, ids]) => sum + ids.length, 0)
      await waitFor(
        () => `every filter's rows; got ${JSON.stringify([...got])}`,
        () => [...got.values()].reduce((sum, ids) => sum + ids.length, 0) >= expected,
      )
      await settle(200)
      for (const [filter, ids] of FILTERS) expect([filter, got.get(filter)!.sort()]).toEqual([filter, ids])
    })
  })

  it('sends only the selected columns (and the key), and full old records with replica identity full', async () => {
    const selected: Change[] = []
    const full: Change[] = []
    const channel = (await h.client())
      .channel('select-full', waiting)
      .on('postgres_changes', { event: 'INSERT', schema: h.schema, table: 'items', select: ['title'] }, (c) =>
        selected.push(c),
      )
      .on('postgres_changes', { event: '*', schema: h.schema, table: 'full_items' }, (c) => full.push(c))
    await subscribe(channel, 20_000)
    await h.sql.query(`insert into ${h.schema}.items (id, title, qty) values (301, 'only title', 7)`)
    await h.sql.query(`insert into ${h.schema}.full_items values (301, 'before')`)
    await h.sql.query(`update ${h.schema}.full_items set title = 'after' where id = 301`)
    await h.sql.query(`delete from ${h.schema}.full_items where id = 301`)
    expect((await collected('selected columns', selected, 1))[0]!.new).toEqual({ id: 301, title: 'only title' })
    const [, update, remove] = await collected('full identity changes', full, 3)
    expect(update).toMatchObject({ new: { id: 301, title: 'after' }, old: { id: 301, title: 'before' } })
    expect(remove!.old).toEqual({ id: 301, title: 'after' })
  })

  it('echoes the bindings with their ids in the join reply and tells how the subscription went', async () => {
    const count = async () =>
      (
        await h.sql.query<{ n: number }>(
          `select count(*)::int as n from realtime.subscription where entity = $1::regclass`,
          [`${h.schema}.items`],
        )
      ).rows[0]!.n
    const before = await count()
    const socket = await RawSocket.open(h.url, '2.0.0')
    const good = { event: 'INSERT', schema: h.schema, table: 'items', filter: 'qty=eq.1' }
    const { reply } = await socket.join('realtime:reply-ids', {
      config: { postgres_changes: [good, { ...good, event: '*' }] },
    })
    const bindings = (reply.payload as { response: { postgres_changes: (typeof good & { id: number })[] } }).response
      .postgres_changes
    expect(bindings.map(({ id: _, ...params }) => params)).toEqual([good, { ...good, event: '*' }])
    expect(bindings.every((b) => Number.isInteger(b.id))).toBe(true)
    expect(bindings[0]!.id).not.toBe(bindings[1]!.id)
    const system = await socket.next('the system message', (f) => f.event === 'system')
    expect(system.payload).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'reply-ids',
    })
    expect(await count()).toBe(before + 2)
    socket.close()
    // Closing the socket deletes its subscriptions.
    let after = await count()
    for (let tries = 0; after !== before && tries < 60; tries++) {
      await settle(50)
      after = await count()
    }
    expect(after).toBe(before)
  })

  it('answers the legacy topic-form join (no config) with the topic’s binding and changes named by type', async () => {
    const socket = await RawSocket.open(h.url, '2.0.0')
    const { reply } = await socket.join(`realtime:${h.schema}:items:id=eq.4102`, {})
    const bindings = (reply.payload as { response: { postgres_changes: Record<string, unknown>[] } }).response
      .postgres_changes
    expect(bindings.map(({ id: _, ...params }) => params)).toEqual([
      { schema: h.schema, table: 'items', filter: 'id=eq.4102' },
    ])
    expect(Number.isInteger(bindings[0]!.id)).toBe(true)
    const system = await socket.next('the system message', (f) => f.event === 'system')
    expect(system.payload).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' })
    await h.sql.query(`insert into ${h.schema}.items (id, title, qty) values (4101, 'other', 1), (4102, 'legacy', 41)`)
    const insert = await socket.next('the INSERT event', (f) => f.event === 'INSERT')
    expect(insert.topic).toBe(`realtime:${h.schema}:items:id=eq.4102`)
    expect(insert.payload).toMatchObject({ schema: h.schema, table: 'items', type: 'INSERT' })
    expect((insert.payload as { record: Row }).record).toMatchObject({ id: 4102, title: 'legacy', qty: 41 })
    expect(socket.frames.some((f) => f.event === 'postgres_changes')).toBe(false)
    await h.sql.query(`delete from ${h.schema}.items where id in (4101, 4102)`)
    const removed = await socket.next('the DELETE event', (f) => f.event === 'DELETE')
    expect((removed.payload as { old_record: Row }).old_record).toMatchObject({ id: 4102 })
    expect(socket.frames.filter((f) => f.event === 'INSERT')).toHaveLength(1)
    socket.close()
  })

  it('reads a legacy topic without a table as the whole schema, and a filter with colons whole', async () => {
    const socket = await RawSocket.open(h.url, '1.0.0')
    const schemaWide = await socket.join(`realtime:${h.schema}`, {})
    const wide = (schemaWide.reply.payload as { response: { postgres_changes: Record<string, unknown>[] } }).response
    expect(wide.postgres_changes.map(({ id: _, ...params }) => params)).toEqual([{ schema: h.schema }])
    const filtered = await socket.join(`realtime:${h.schema}:items:note=eq.a:b`, {})
    const narrow = (filtered.reply.payload as { response: { postgres_changes: Record<string, unknown>[] } }).response
    expect(narrow.postgres_changes.map(({ id: _, ...params }) => params)).toEqual([
      { schema: h.schema, table: 'items', filter: 'note=eq.a:b' },
    ])
    socket.close()
  })

  it('reports subscriptions that cannot be made with Realtime’s system messages', async () => {
    const errors = async (binding: Record<string, unknown>) => {
      const socket = await RawSocket.open(h.url, '2.0.0')
      await socket.join('realtime:bad', { config: { postgres_changes: [binding] } })
      const system = await socket.next('the system message', (f) => f.event === 'system')
      socket.close()
      return (system.payload as { status: string; message: string }).message
    }
    const base = { event: '*', schema: h.schema }
    expect(await errors({ ...base, table: 'items', filter: 'wrong' })).toBe('Error parsing `filter` params: ["wrong"]')
    expect(await errors({ ...base, table: 'items', filter: 'qty=fts.x' })).toBe(
      'Error parsing `filter` params: ["fts", "x"]',
    )
    expect(await errors({ ...base, table: 'items', filter: 'notacolumn=eq.1' })).toBe(
      `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: ${h.schema}, table: items, filters: [{"notacolumn", "eq", "1", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter notacolumn`,
    )
    expect(await errors({ ...base, table: 'unpublished' })).toBe(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: ${h.schema}, table: unpublished, filters: [], select: nil]`,
    )
    expect(await errors({ event: '*' })).toBe(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*"}',
    )
  })

  it('refuses a join that waits for a subscription that cannot be made', async () => {
    const channel = (await h.client())
      .channel('wait-bad', waiting)
      .on('postgres_changes', { event: '*', schema: h.schema, table: 'items', filter: 'qty=eq.notanumber' }, () => {})
    const outcome = await subscribeOutcome(channel)
    expect(outcome.status).toBe('CHANNEL_ERROR')
    expect(outcome.error?.message).toMatch(
      /^RealtimeDisabledForConfiguration: Unable to subscribe .* Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type integer: "notanumber"$/,
    )
  })
})

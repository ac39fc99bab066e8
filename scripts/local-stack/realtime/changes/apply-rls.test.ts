// The copy of apply_rls() the service runs, and a batch shared out between connections, answer exactly as the
// database's realtime.apply_rls(): the same rows, errors and subscribers for inserts, updates and deletes, under RLS
// and without it, with filters, selected columns, several roles, a table the role cannot read, one without a
// primary key and a record over the size limit.
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BatchApplyRls, screenedDefinition, type ApplyRlsRow, type BatchItem } from './apply-rls.ts'
import { mergeParts, splitBatch } from './split.ts'
import { APPLICATION_NAME } from './subscriptions.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const MAX = 1024 * 1024

type Column = { name: string; typeoid: number; value?: string | null }
const col = (name: string, typeoid: number, value: string | null): Column => ({ name, typeoid, value })
const wal = (
  schema: string,
  table: string,
  action: 'I' | 'U' | 'D',
  columns: Column[],
  identity: Column[],
  pk: string[],
) => {
  const shape = (c: Column) => ({ name: c.name, type: String(c.typeoid), typeoid: c.typeoid, value: c.value })
  const pkColumns = [...columns, ...identity]
    .filter((c, i, all) => pk.includes(c.name) && all.findIndex((d) => d.name === c.name) === i)
    .map((c) => ({ name: c.name, type: String(c.typeoid), typeoid: c.typeoid }))
  return {
    action,
    schema,
    table,
    timestamp: '2026-05-01 10:00:00.123456+00',
    columns: columns.map(shape),
    identity: identity.map(shape),
    pk: pkColumns,
  }
}

const sorted = (rows: ApplyRlsRow[]) =>
  rows.map((row) => ({ ...row, subscription_ids: [...(row.subscription_ids ?? [])].sort() }))

describe('screenedDefinition', () => {
  it('leaves a function it does not know alone', () => {
    const other = `CREATE OR REPLACE FUNCTION realtime.apply_rls(wal jsonb, max_record_bytes integer DEFAULT 1048576)
 RETURNS SETOF realtime.wal_rls LANGUAGE plpgsql AS $function$ begin return; end $function$`
    expect(screenedDefinition(other)).toBeUndefined()
    expect(screenedDefinition('CREATE OR REPLACE FUNCTION public.other()')).toBeUndefined()
  })
})

describe.skipIf(!dbUrl)('the service copy of apply_rls', () => {
  const schema = `rt_${randomBytes(4).toString('hex')}`
  // Rows whose id tag no live connection carries are removed by any Realtime instance: ours carry the pool's tag.
  const tag = randomBytes(6).toString('hex')
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4, application_name: `${APPLICATION_NAME} ${tag}` })
  const ids: string[] = []
  const owners = Array.from({ length: 6 }, (_, i) => `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`)

  /** A subscription row as the service writes it; returns its id. */
  async function subscribe(
    table: string,
    claims: Record<string, unknown>,
    options: { action?: string; filters?: [string, string, string][]; select?: string[] } = {},
  ): Promise<string> {
    const id = randomUUID().slice(0, 24) + tag
    const filters = options.filters ?? []
    await pool.query(
      `insert into realtime.subscription (subscription_id, entity, filters, claims, action_filter, selected_columns)
       values ($1::uuid, $2::regclass,
         (select coalesce(array_agg(row(c, o::realtime.equality_op, v, false)::realtime.user_defined_filter),
                          '{}'::realtime.user_defined_filter[])
            from unnest($3::text[], $4::text[], $5::text[]) as f(c, o, v)),
         $6::jsonb, $7, $8::text[])`,
      [
        id,
        `${schema}.${table}`,
        filters.map((f) => f[0]),
        filters.map((f) => f[1]),
        filters.map((f) => f[2]),
        JSON.stringify(claims),
        options.action ?? '*',
        options.select ?? null,
      ],
    )
    ids.push(id)
    return id
  }

  beforeAll(async () => {
    await pool.query(`
      create schema ${schema};
      grant usage on schema ${schema} to anon, authenticated, service_role;
      create table ${schema}.notes (id bigint primary key, owner uuid not null, team text not null, body text,
        secret text);
      alter table ${schema}.notes enable row level security;
      create policy notes_member on ${schema}.notes for select to authenticated
        using (owner = (select auth.uid()) or team = (select auth.jwt() ->> 'team'));
      create policy notes_public on ${schema}.notes for select to anon using (team = 'public');
      grant select (id, owner, team, body) on ${schema}.notes to anon, authenticated;
      grant select on ${schema}.notes to service_role;
      create table ${schema}.open (id bigint primary key, body text);
      grant select on ${schema}.open to anon, authenticated;
      create table ${schema}.hidden (id bigint primary key, body text);
      create table ${schema}.nokey (a integer, b text);
      grant select on ${schema}.nokey to authenticated;
      insert into ${schema}.notes values
        (1, '${owners[0]}', 'red', 'one', 's1'), (2, '${owners[1]}', 'public', 'two', 's2'),
        (3, '${owners[2]}', 'blue', 'three', 's3');`)
    const user = (i: number, team: string) => ({ sub: owners[i], role: 'authenticated', team })
    for (let i = 0; i < owners.length; i++) {
      const team = ['red', 'blue', 'green'][i % 3]!
      await subscribe('notes', user(i, team))
      await subscribe('notes', user(i, team), { action: 'INSERT', filters: [['owner', 'eq', owners[i]!]] })
      await subscribe('notes', user(i, team), { action: 'UPDATE', filters: [['team', 'neq', 'public']] })
      await subscribe('notes', user(i, team), { select: ['body'] })
      await subscribe('open', user(i, team), { filters: [['id', 'in', '{1,2,5}']] })
      await subscribe('hidden', user(i, team))
      await subscribe('nokey', user(i, team))
    }
    for (const claims of [{ role: 'anon' }, { role: 'service_role' }]) {
      await subscribe('notes', claims)
      await subscribe('notes', claims, { action: 'DELETE', filters: [['id', 'eq', '3']] })
      await subscribe('open', claims)
    }
  })

  afterAll(async () => {
    await pool.query('delete from realtime.subscription where subscription_id = any($1::uuid[])', [ids])
    await pool.query(`drop schema if exists ${schema} cascade`)
    await pool.end()
  })

  const notes = (id: string, owner: string, team: string, body: string, secret = 's') => [
    col('id', 20, id),
    col('owner', 2950, owner),
    col('team', 25, team),
    col('body', 25, body),
    col('secret', 25, secret),
  ]
  const changes = () => [
    wal(schema, 'notes', 'I', notes('1', owners[0]!, 'red', 'one'), [], ['id']),
    wal(schema, 'notes', 'I', notes('2', owners[1]!, 'public', 'two'), [], ['id']),
    wal(schema, 'notes', 'U', notes('3', owners[2]!, 'blue', 'three'), [col('id', 20, '3')], ['id']),
    // A row that is not there (deleted meanwhile): no one sees the insert.
    wal(schema, 'notes', 'I', notes('9', owners[0]!, 'red', 'gone'), [], ['id']),
    wal(schema, 'notes', 'D', [], [col('id', 20, '3')], ['id']),
    wal(schema, 'open', 'I', [col('id', 20, '5'), col('body', 25, 'x')], [], ['id']),
    wal(schema, 'open', 'I', [col('id', 20, '6'), col('body', 25, 'x'.repeat(300))], [], ['id']),
    wal(schema, 'hidden', 'I', [col('id', 20, '1'), col('body', 25, 'h')], [], ['id']),
    wal(schema, 'nokey', 'I', [col('a', 23, '1'), col('b', 25, 'b')], [], []),
  ]

  async function original(walRecord: unknown, maxRecordBytes: number): Promise<Omit<ApplyRlsRow, 'ord'>[]> {
    const { rows } = await pool.query<Omit<ApplyRlsRow, 'ord'>>(
      'select wal, subscription_ids, errors from realtime.apply_rls($1::jsonb, $2)',
      [JSON.stringify(walRecord), maxRecordBytes],
    )
    return rows
  }

  it.each([MAX, 200])('answers as realtime.apply_rls() (max record bytes %i)', async (maxRecordBytes) => {
    const batch = new BatchApplyRls(pool, (message) => {
      throw new Error(message)
    })
    const records = changes()
    const expected: ApplyRlsRow[] = []
    for (const [i, record] of records.entries()) {
      for (const row of await original(record, maxRecordBytes)) expected.push({ ord: i + 1, ...row })
    }
    // Some rows reach subscribers past their RLS check (not only the 400/401 rows that go to everyone).
    const refused = (row: ApplyRlsRow) => (row.errors ?? []).some((error) => /^Error 40[01]/.test(error))
    expect(expected.some((row) => (row.subscription_ids ?? []).length > 0 && !refused(row))).toBe(true)
    expect(expected.flatMap((row) => row.errors ?? [])).toEqual(
      expect.arrayContaining(['Error 401: Unauthorized', 'Error 400: Bad Request, no primary key']),
    )

    // Every subscriber a candidate, or none screened out at all: exactly the same rows, ids in the same order.
    const everyone: BatchItem[] = records.map((record) => ({ wal: record, candidates: null }))
    expect(await batch.run(everyone, maxRecordBytes)).toEqual(expected)
    expect(batch.screening).toBe(true)
    const all: BatchItem[] = records.map((record) => ({ wal: record, candidates: ids }))
    expect(await batch.run(all, maxRecordBytes)).toEqual(expected)

    // Shared out between three parts (a subscriber's group: its user), put back together: the same subscribers.
    const groupOf = (uuid: string) => ids.indexOf(uuid) % owners.length
    const parts = splitBatch(all, 3, groupOf, 5)
    expect(parts).toHaveLength(3)
    const merged = mergeParts(await Promise.all(parts.map((part) => batch.run(part, maxRecordBytes))))
    expect(sorted(merged!)).toEqual(sorted(expected))
  })

  it('gives only candidates the change, and errors to every subscriber of the role', async () => {
    const batch = new BatchApplyRls(pool, () => {})
    const records = changes()
    const some = ids.filter((_, i) => i % 2 === 0)
    const rows = await batch.run(
      records.map((record) => ({ wal: record, candidates: some })),
      MAX,
    )
    for (const row of rows) {
      if (row.errors?.some((error) => error.startsWith('Error 4'))) continue
      for (const id of row.subscription_ids ?? []) expect(some).toContain(id)
    }
    const full: ApplyRlsRow[] = []
    for (const [i, record] of records.entries()) {
      for (const row of await original(record, MAX)) full.push({ ord: i + 1, ...row })
    }
    expect(rows.map((row) => [row.ord, row.wal, row.errors])).toEqual(full.map((row) => [row.ord, row.wal, row.errors]))
    expect(rows.map((row) => row.subscription_ids)).toEqual(
      full.map((row) =>
        row.errors?.some((error) => error.startsWith('Error 4'))
          ? row.subscription_ids
          : (row.subscription_ids ?? []).filter((id) => some.includes(id)),
      ),
    )
  })
})

describe('sharing a batch out', () => {
  const item = (candidates: string[] | null): BatchItem => ({ wal: {}, candidates })
  const row = (ord: number, ids: string[] | null, errors: string[] = []): ApplyRlsRow => ({
    ord,
    wal: { type: 'INSERT' },
    subscription_ids: ids,
    errors,
  })

  it('keeps a group in one part, candidates in their order, and small batches whole', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `s${i}`)
    const groupOf = (uuid: string) => Number(uuid.slice(1)) % 4
    const parts = splitBatch([item(ids), item(ids.slice(0, 6))], 2, groupOf, 3)
    expect(parts).toHaveLength(2)
    for (const part of parts) {
      expect(part).toHaveLength(2)
      const groups = new Set(part.flatMap((i) => i.candidates!.map(groupOf)))
      for (const other of parts.filter((p) => p !== part))
        for (const i of other) for (const uuid of i.candidates!) expect(groups.has(groupOf(uuid))).toBe(false)
      for (const [k, i] of part.entries()) {
        const source = k === 0 ? ids : ids.slice(0, 6)
        expect(i.candidates).toEqual(source.filter((uuid) => i.candidates!.includes(uuid)))
      }
    }
    expect(parts.flatMap((part) => part[0]!.candidates!).sort()).toEqual([...ids].sort())
    expect(splitBatch([item(ids)], 2, groupOf, 100)).toHaveLength(1)
    expect(splitBatch([item(ids), item(null)], 2, groupOf, 3)).toHaveLength(1)
    expect(splitBatch([item(ids)], 4, () => 'one socket', 3)).toHaveLength(1)
  })

  it('joins the ids of the same rows and refuses parts that do not line up', () => {
    const error = ['Error 401: Unauthorized']
    const merged = mergeParts([
      [row(1, ['a', 'b']), row(1, ['x', 'y'], error), row(2, [])],
      [row(1, ['c']), row(1, ['x', 'y'], error), row(2, ['d'])],
    ])
    expect(merged).toEqual([row(1, ['a', 'b', 'c']), row(1, ['x', 'y'], error), row(2, ['d'])])
    expect(mergeParts([[row(1, ['a'])], [row(1, ['a']), row(2, [])]])).toBeUndefined()
    expect(mergeParts([[row(1, ['a'])], [row(2, ['a'])]])).toBeUndefined()
    expect(mergeParts([[row(1, ['a'])], [row(1, ['a'], error)]])).toBeUndefined()
  })
})

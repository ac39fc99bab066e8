// Writes through supabase-js: insert (single, bulk with columns, defaults for missing keys), upsert (merge,
// ignore, on_conflict), update and delete with filters, counts and representations, plus PUT, Location and the
// database errors they meet (23505/23503 → 409, RLS → 403). Failed or refused writes leave nothing behind.
import { beforeAll, describe, expect, it } from 'vitest'
import { userOne, userTwo } from '../../testing/harness.ts'
import { raw, type SuiteEnv } from '../env.ts'

export function mutationSuite(env: SuiteEnv): void {
  describe('mutations', () => {
    beforeAll(async () => {
      await env.h.resetData()
    })
    const items = () => env.h.anon().from('items')
    const names = async () => (await items().select('name').order('id')).data!.map((r) => r.name)

    it('inserts one row and returns it (201) or nothing (return=minimal)', async () => {
      const one = await items().insert({ name: 'date', qty: 2 }).select()
      expect(one).toMatchObject({ status: 201, error: null, data: [{ id: 4, name: 'date', qty: 2, note: null }] })
      const minimal = await items().insert({ name: 'elder' })
      expect(minimal).toMatchObject({ status: 201, data: null, error: null })
      const res = await raw(env, '/items', {
        method: 'POST',
        body: JSON.stringify({ name: 'fig' }),
        headers: { prefer: 'count=exact' },
      })
      expect(res.status).toBe(201)
      expect(res.text).toBe('')
      expect(res.headers.get('content-range')).toBe('*/1')
    })

    it('bulk-inserts with columns and fills missing keys with defaults when asked', async () => {
      const rows = [{ name: 'grape', qty: 4 }, { name: 'honeydew' }]
      const withNulls = await items().insert(rows, { count: 'exact' }).select('name, qty')
      expect(withNulls.error).toMatchObject({ code: '23502' })
      const withDefaults = await items().insert(rows, { count: 'exact', defaultToNull: false }).select('name, qty')
      expect(withDefaults).toMatchObject({
        status: 201,
        count: 2,
        data: [
          { name: 'grape', qty: 4 },
          { name: 'honeydew', qty: 1 },
        ],
      })
    })

    it('gives missing keys their defaults with missing=default, identity columns included, for inserts and upserts', async () => {
      const res = await raw(env, '/items?columns=id,name,qty&select=name,qty,note', {
        method: 'POST',
        body: JSON.stringify([{ id: 500, name: 'kiwi', qty: 9 }, { name: 'lime' }]),
        headers: { prefer: 'missing=default, return=representation' },
      })
      expect(res.status, res.text).toBe(201)
      expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation')
      expect(res.json()).toEqual([
        { name: 'kiwi', qty: 9, note: null },
        { name: 'lime', qty: 1, note: null },
      ])
      // Upsert: the row that exists is updated with the defaults of what it lacks, the new one inserted with them.
      const upsert = await items()
        .upsert(
          [
            { id: 500, name: 'kiwi', note: 'green' },
            { id: 501, name: 'mango', note: 'ripe', qty: 2 },
          ],
          {
            defaultToNull: false,
          },
        )
        .select('id, name, qty, note')
        .order('id')
      expect(upsert.error).toBeNull()
      expect(upsert.data).toEqual([
        { id: 500, name: 'kiwi', qty: 1, note: 'green' },
        { id: 501, name: 'mango', qty: 2, note: 'ripe' },
      ])
      // Without it, a key missing from one row is NULL in that row.
      const nulls = await items()
        .upsert([
          { id: 500, name: 'kiwi', qty: 3 },
          { id: 501, name: 'mango' },
        ])
        .select('id, qty')
      expect(nulls.error).toMatchObject({ code: '23502' })
      await items().delete().in('id', [500, 501])
      await items().delete().eq('name', 'lime')
    })

    it('upserts: merge answers 200 when it only updates and 201 when it inserts; ignore keeps the old row', async () => {
      const update = await items().upsert({ id: 1, name: 'APPLE', qty: 30 }).select('id, name, qty')
      expect(update).toMatchObject({ status: 200, data: [{ id: 1, name: 'APPLE', qty: 30 }] })
      const insert = await items()
        .upsert([
          { id: 2, name: 'BANANA', qty: 1 },
          { id: 50, name: 'new', qty: 1 },
        ])
        .select('id')
      expect(insert.status).toBe(201)
      const tagged = env.h.anon().from('tagged')
      const ignored = await tagged
        .upsert({ code: 'a', label: 'changed' }, { onConflict: 'code', ignoreDuplicates: true })
        .select()
      expect(ignored.data).toEqual([])
      const merged = await tagged.upsert({ code: 'b', label: 'Bravo' }, { onConflict: 'code' }).select()
      expect(merged.data).toEqual([{ code: 'b', label: 'Bravo' }])
      expect((await tagged.select().order('code')).data).toEqual([
        { code: 'a', label: 'Alpha' },
        { code: 'b', label: 'Bravo' },
      ])
      const res = await raw(env, '/tagged?on_conflict=code', {
        method: 'POST',
        body: JSON.stringify({ code: 'c', label: 'Charlie' }),
        headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
      })
      expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=minimal')
      // Without a primary key or on_conflict the resolution is not applied, whatever else the query string says.
      const aliased = await raw(env, '/tagged?select=on_conflict:code', {
        method: 'POST',
        body: JSON.stringify({ code: 'd', label: 'Delta' }),
        headers: { prefer: 'resolution=ignore-duplicates,return=representation' },
      })
      expect(aliased.json()).toEqual([{ on_conflict: 'd' }])
      expect(aliased.headers.get('preference-applied')).toBe('return=representation')
    })

    it('updates and deletes the rows the filters select, with counts', async () => {
      const updated = await items().update({ note: 'big' }, { count: 'exact' }).gte('qty', 5).select('id')
      expect(updated).toMatchObject({ status: 200, count: 2 })
      expect(updated.data!.map((r) => r.id).sort()).toEqual([1, 3])
      const none = await items().update({ note: 'x' }).eq('id', 999)
      expect(none.status).toBe(204)
      const deleted = await items().delete({ count: 'exact' }).in('name', ['elder', 'fig']).select('name')
      expect(deleted).toMatchObject({ status: 200, count: 2 })
      expect((await names()).includes('fig')).toBe(false)
      const res = await raw(env, '/items?id=eq.4', {
        method: 'PATCH',
        body: '{"note":"patched"}',
        headers: { prefer: 'count=exact' },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('content-range')).toBe('0-0/1')
    })

    it('refuses UPDATE and DELETE without filters, as pg-safeupdate does on Supabase', async () => {
      const del = await items().delete()
      expect(del.status).toBe(400)
      expect(del.error).toEqual({ code: '21000', message: 'DELETE requires a WHERE clause', details: null, hint: null })
      expect((await items().update({ note: 'all' })).error?.message).toBe('UPDATE requires a WHERE clause')
    })

    it('returns a single object, and rolls back when the write touched more than one row (PGRST116)', async () => {
      const single = await items().update({ note: 'one' }).eq('id', 1).select('id, note').single()
      expect(single.data).toEqual({ id: 1, note: 'one' })
      const many = await items().update({ note: 'many' }).lte('id', 3).select().single()
      expect(many.status).toBe(406)
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' })
      expect((await items().select('id').eq('note', 'many')).data).toEqual([])
    })

    it('rolls back with tx=rollback and enforces max-affected', async () => {
      const rolled = await items().insert({ name: 'ghost' }).select('name').rollback()
      expect(rolled.data).toEqual([{ name: 'ghost' }])
      expect((await names()).includes('ghost')).toBe(false)
      const tooMany = await items().update({ note: 'capped' }).gte('id', 1).maxAffected(2)
      expect(tooMany.status).toBe(400)
      expect(tooMany.error).toMatchObject({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
      })
      expect((await items().select('id').eq('note', 'capped')).data).toEqual([])
      const fine = await items().update({ note: 'capped' }).eq('id', 1).maxAffected(2)
      expect(fine.error).toBeNull()
    })

    it('maps unique and foreign key violations to 409, not-null to 400, unknown columns to PGRST204', async () => {
      const dup = await env.h.anon().from('authors').insert({ id: 1, name: 'Dup' })
      expect(dup.status).toBe(409)
      expect(dup.error).toEqual({
        code: '23505',
        message: 'duplicate key value violates unique constraint "authors_pkey"',
        details: 'Key (id)=(1) already exists.',
        hint: null,
      })
      const fk = await env.h.anon().from('sections').insert({ id: 99, course_id: 999, title: 'x', position: 1 })
      expect(fk.status).toBe(409)
      expect(fk.error?.code).toBe('23503')
      expect((await items().insert({ qty: 1 })).status).toBe(400)
      const unknown = await items().insert({ name: 'x', colour: 'red' })
      expect(unknown.status).toBe(400)
      expect(unknown.error).toEqual({
        code: 'PGRST204',
        message: "Could not find the 'colour' column of 'items' in the schema cache",
        details: null,
        hint: null,
      })
    })

    it('upserts one row by primary key with PUT, and insists on primary key filters', async () => {
      const put = await raw(env, '/items?id=eq.70', {
        method: 'PUT',
        body: JSON.stringify({ id: 70, name: 'put', qty: 2 }),
        headers: { prefer: 'return=representation' },
      })
      expect(put.status).toBe(201)
      expect(put.json()).toEqual([{ id: 70, name: 'put', qty: 2, note: null }])
      const again = await raw(env, '/items?id=eq.70', {
        method: 'PUT',
        body: JSON.stringify({ id: 70, name: 'put2', qty: 2 }),
      })
      expect(again.status).toBe(204)
      const mismatch = await raw(env, '/items?id=eq.70', {
        method: 'PUT',
        body: JSON.stringify({ id: 71, name: 'x', qty: 1 }),
      })
      expect(mismatch.json()).toMatchObject({ code: 'PGRST115' })
      const notPk = await raw(env, '/items?name=eq.put2', {
        method: 'PUT',
        body: JSON.stringify({ id: 70, name: 'y', qty: 1 }),
      })
      expect(notPk.status).toBe(405)
      expect(notPk.json()).toMatchObject({ code: 'PGRST105' })
    })

    it('answers Location with return=headers-only', async () => {
      const res = await raw(env, '/items', {
        method: 'POST',
        body: JSON.stringify({ name: 'located' }),
        headers: { prefer: 'return=headers-only' },
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('location')).toMatch(/^\/items\?id=eq\.\d+$/)
    })

    it('inserts through row-level security as the signed-in user, and refuses rows for someone else', async () => {
      const user = env.h.user(userOne)
      const mine = await user.from('notes').insert({ body: 'mine' }).select('owner_id, body')
      expect(mine.data).toEqual([{ owner_id: userOne, body: 'mine' }])
      const theirs = await user.from('notes').insert({ body: 'theirs', owner_id: userTwo })
      expect(theirs.status).toBe(403)
      expect(theirs.error).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "notes"',
      })
      expect((await user.from('notes').update({ body: 'hijack' }).eq('owner_id', userTwo).select()).data).toEqual([])
    })
  })
}

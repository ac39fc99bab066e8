// Reading tables through supabase-js: columns, aliases, casts, JSON paths, order with nulls first/last, limit,
// offset and range, counts and Content-Range, single objects, CSV, stripped nulls, profiles and max_rows.
import { describe, expect, it } from 'vitest'
import { startRestHarness } from '../../testing/harness.ts'
import { raw, type SuiteEnv } from '../env.ts'

export function selectSuite(env: SuiteEnv): void {
  describe('select', () => {
    it('returns all columns by default and the requested ones otherwise', async () => {
      const all = await env.h.anon().from('authors').select().order('id')
      expect(all.error).toBeNull()
      expect(all.data![0]).toEqual({
        id: 1,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        bio: 'First programmer',
        profile: { city: 'London', langs: ['en', 'fr'], age: 36 },
        created_at: '2026-01-01T00:00:00+00:00',
      })
      const some = await env.h.anon().from('authors').select('id, name').order('id').limit(2)
      expect(some.data).toEqual([
        { id: 1, name: 'Ada Lovelace' },
        { id: 2, name: 'Alan Turing' },
      ])
    })

    it('renames with aliases, casts, and reads JSON paths with -> and ->>', async () => {
      const { data, error } = await env.h
        .anon()
        .from('authors')
        .select(
          'who:name, id::text, profile->city, town:profile->>city, first_lang:profile->langs->0, age:profile->>age::int',
        )
        .eq('id', 1)
      expect(error).toBeNull()
      expect(data).toEqual([
        { who: 'Ada Lovelace', id: '1', city: 'London', town: 'London', first_lang: 'en', age: 36 },
      ])
    })

    it('orders ascending, descending, with nulls first or last, on several columns', async () => {
      const db = env.h.anon()
      const asc = await db.from('courses').select('id').order('price', { ascending: true, nullsFirst: true })
      expect(asc.data!.map((r) => r.id)).toEqual([3, 4, 1, 2])
      const desc = await db.from('courses').select('id').order('price', { ascending: false, nullsFirst: false })
      expect(desc.data!.map((r) => r.id)).toEqual([2, 1, 4, 3])
      const two = await db.from('courses').select('id').order('author_id').order('id', { ascending: false })
      expect(two.data!.map((r) => r.id)).toEqual([4, 1, 2, 3])
      const json = await db.from('authors').select('id').order('profile->age', { ascending: false }).limit(1)
      expect(json.data).toEqual([{ id: 3 }])
    })

    it('pages with limit, offset and range', async () => {
      const db = env.h.anon()
      expect((await db.from('lessons').select('id').order('id').limit(3)).data!.map((r) => r.id)).toEqual([1, 2, 3])
      expect((await db.from('lessons').select('id').order('id').range(2, 4)).data!.map((r) => r.id)).toEqual([3, 4, 5])
    })

    it('counts exactly, by the planner, or by estimate, and sets Content-Range', async () => {
      const db = env.h.anon()
      const exact = await db.from('lessons').select('id', { count: 'exact' }).order('id').range(0, 2)
      expect(exact.count).toBe(8)
      expect(exact.status).toBe(206)
      const head = await db.from('lessons').select('*', { count: 'exact', head: true }).gt('position', 1)
      expect(head).toMatchObject({ count: 3, data: null, status: 200 })
      const planned = await db.from('lessons').select('*', { count: 'planned', head: true })
      expect(planned.count).toBeGreaterThan(0)
      const estimated = await db.from('lessons').select('id', { count: 'estimated' })
      expect(estimated.count).toBe(8)
      const res = await raw(env, '/lessons?select=id&order=id&offset=2&limit=3', { headers: { prefer: 'count=exact' } })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toBe('2-4/8')
      expect(res.headers.get('preference-applied')).toBe('count=exact')
      const none = await raw(env, '/lessons?select=id&id=gt.100', { headers: { prefer: 'count=exact' } })
      expect(none.headers.get('content-range')).toBe('*/0')
      expect((await raw(env, '/lessons?select=id&limit=2')).headers.get('content-range')).toBe('0-1/*')
    })

    it('answers HEAD with headers only, and honours a Range header on GET', async () => {
      const head = await raw(env, '/lessons?select=id', { method: 'HEAD', headers: { prefer: 'count=exact' } })
      expect(head.status).toBe(200)
      expect(head.text).toBe('')
      expect(head.headers.get('content-range')).toBe('0-7/8')
      const ranged = await raw(env, '/lessons?select=id&order=id', { headers: { range: '2-3' } })
      expect(ranged.json()).toEqual([{ id: 3 }, { id: 4 }])
      expect(ranged.headers.get('content-range')).toBe('2-3/*')
      expect((await raw(env, '/lessons', { headers: { range: '5-2' } })).status).toBe(416)
    })

    it('answers a single object, null for maybeSingle with no row, and 406 PGRST116 otherwise', async () => {
      const db = env.h.anon()
      expect((await db.from('courses').select('slug').eq('id', 2).single()).data).toEqual({ slug: 'computability' })
      expect(await db.from('courses').select('slug').eq('id', 99).maybeSingle()).toMatchObject({
        data: null,
        error: null,
      })
      const many = await db.from('courses').select('id').single()
      expect(many.status).toBe(406)
      expect(many.error).toEqual({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 4 rows',
        hint: null,
      })
      const none = await db.from('courses').select('id').eq('id', 99).single()
      expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    })

    it('answers CSV with a header line, and strips nulls on request', async () => {
      const csv = await env.h.anon().from('authors').select('id,name,bio').order('id').csv()
      expect(csv.data).toBe(
        'id,name,bio\n1,"Ada Lovelace","First programmer"\n2,"Alan Turing",\n3,"Grace Hopper",Admiral',
      )
      const stripped = await env.h.anon().from('authors').select('id,bio').eq('id', 2).stripNulls()
      expect(stripped.data).toEqual([{ id: 2 }])
    })

    it('reads another exposed schema with Accept-Profile and rejects unexposed ones (PGRST106)', async () => {
      expect((await env.h.anon('rest_test_other').from('things').select('label').order('id')).data).toEqual([
        { label: 'other one' },
        { label: 'other two' },
      ])
      const res = await env.h.anon('nope').from('things').select()
      expect(res.status).toBe(406)
      expect(res.error).toEqual({
        code: 'PGRST106',
        message: 'Invalid schema: nope',
        details: null,
        hint: 'Only the following schemas are exposed: rest_test, rest_test_other',
      })
      const other = await raw(env, '/things?select=id', { profile: 'rest_test_other' })
      expect(other.headers.get('content-profile')).toBe('rest_test_other')
    })

    it('refuses aggregates unless enabled (PGRST123), and groups by the other columns when they are', async () => {
      const off = await env.h.anon().from('lessons').select('count()')
      expect(off.status).toBe(400)
      expect(off.error).toEqual({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      })
      const on = await startRestHarness(process.env.SUMMIT_TEST_DB_URL!, {
        aggregates: true,
        loadSchema: false,
        poolSize: 1,
      })
      try {
        const db = on.anon()
        expect((await db.from('lessons').select('count()')).data).toEqual([{ count: 8 }])
        const grouped = await db
          .from('lessons')
          .select('section_id, total:duration_minutes.sum(), longest:duration_minutes.max()')
          .order('section_id')
        expect(grouped.data!.slice(0, 2)).toEqual([
          { section_id: 1, total: 25, longest: 15 },
          { section_id: 2, total: 5, longest: 5 },
        ])
        const embedded = await db.from('courses').select('id, sections(count())').eq('id', 3)
        expect(embedded.data).toEqual([{ id: 3, sections: [{ count: 3 }] }])
        const avg = await db.from('courses').select('avg_price:price.avg()::int')
        expect(avg.data).toEqual([{ avg_price: 14 }])
      } finally {
        await on.close()
      }
    })

    it('caps every level at max_rows', async () => {
      const capped = await startRestHarness(process.env.SUMMIT_TEST_DB_URL!, {
        maxRows: 2,
        loadSchema: false,
        poolSize: 1,
      })
      try {
        const res = await capped
          .anon()
          .from('courses')
          .select('id, sections(id)', { count: 'exact' })
          .order('id', { ascending: false })
          .limit(100)
        expect(res.data!.map((r) => r.id)).toEqual([4, 3])
        // Course 3 has three sections: the embedded level is capped too.
        expect(res.data![1]!.sections).toHaveLength(2)
        expect(res.count).toBe(4)
        expect(res.status).toBe(206)
      } finally {
        await capped.close()
      }
    })
  })
}

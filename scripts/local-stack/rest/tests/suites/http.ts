// Raw HTTP with malformed and hostile input: each gets PostgREST's error and status, never a 500 caused by the
// input and never a hang (every request here has a 10 s budget). The table must still be there afterwards.
import { describe, expect, it } from 'vitest'
import { raw, type SuiteEnv } from '../env.ts'

export function httpSuite(env: SuiteEnv): void {
  describe('malformed input over raw HTTP', () => {
    const expectError = async (path: string, status: number, code: string, init: RequestInit = {}) => {
      const res = await raw(env, path, init)
      expect(res.status, `${path} → ${res.text}`).toBe(status)
      expect((res.json() as { code: string }).code).toBe(code)
      return res.json() as { code: string; message: string; details: unknown }
    }

    it('rejects unknown operators, unbalanced or=() and broken select lists with PGRST100', async () => {
      const unknown = await expectError('/courses?id=equals.1', 400, 'PGRST100')
      expect(unknown.message).toBe('"failed to parse filter (equals.1)" (line 1, column 1)')
      await expectError('/courses?or=(id.eq.1,id.eq.2', 400, 'PGRST100')
      await expectError('/courses?and=(id.eq.1,or(id.eq.2)', 400, 'PGRST100')
      await expectError('/courses?or=()', 400, 'PGRST100')
      // PostgREST reads `or=id.eq.1` as a filter on a column named "orid": so do we.
      await expectError('/courses?or=id.eq.1', 400, '42703')
      await expectError('/courses?select=id,sections(title', 400, 'PGRST100')
      await expectError('/courses?order=id.sideways', 400, 'PGRST100')
      await expectError('/courses?id=', 400, 'PGRST100')
      // As in PostgREST: a parameter without a value is ignored, and so is text after a complete logic tree.
      expect((await raw(env, '/courses?select=id&id')).status).toBe(200)
      expect((await raw(env, '/courses?select=id&or=(id.eq.1))(')).json()).toEqual([{ id: 1 }])
    })

    it('rejects unknown columns in select, filters, order and logic (42703)', async () => {
      await expectError('/courses?select=nope', 400, '42703')
      await expectError('/courses?nope=eq.1', 400, '42703')
      await expectError('/courses?order=nope', 400, '42703')
      await expectError('/courses?or=(nope.eq.1,id.eq.2)', 400, '42703')
      await expectError('/courses?select=id::no_such_type', 400, '42704')
    })

    it('caps huge limits at max_rows, refuses negative ones (416) and negative offsets (400)', async () => {
      const huge = await raw(env, '/lessons?select=id&limit=99999999999999999999999')
      expect(huge.status).toBe(200)
      expect((huge.json() as unknown[]).length).toBe(8)
      const negative = await expectError('/lessons?limit=-1', 416, 'PGRST103')
      expect(negative).toMatchObject({
        message: 'Requested range not satisfiable',
        details: 'Limit should be greater than or equal to zero.',
      })
      await expectError('/lessons?offset=-5', 400, '2201X')
      const past = await raw(env, '/lessons?offset=100', { headers: { prefer: 'count=exact' } })
      expect(past.status).toBe(416)
      expect(past.json()).toMatchObject({
        code: 'PGRST103',
        details: 'An offset of 100 was requested, but there are only 8 rows.',
      })
    })

    it('rejects invalid JSON, mismatched keys and unusable content types with PGRST102', async () => {
      const post = (body: string, type = 'application/json') =>
        expectError('/items', 400, 'PGRST102', { method: 'POST', body, headers: { 'content-type': type } })
      expect(await post('{"name": ')).toMatchObject({ message: 'Empty or invalid json' })
      expect(await post('')).toMatchObject({ message: 'Empty or invalid json' })
      expect(await post('[{"name":"a"},{"qty":1}]')).toMatchObject({ message: 'All object keys must match' })
      expect(await post('42')).toMatchObject({ message: 'All object keys must match' })
      expect(await post('<item/>', 'text/xml')).toMatchObject({ message: 'Content-Type not acceptable: text/xml' })
      expect(await post('x', 'image/png')).toMatchObject({ message: 'Content-Type not acceptable: image/png' })
    })

    it('accepts CSV and form bodies for inserts', async () => {
      const csv = await raw(env, '/tagged', {
        method: 'POST',
        body: 'code,label\nx,"Ex, with comma"\ny,Why',
        headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      })
      expect(csv.status).toBe(201)
      expect(csv.json()).toEqual([
        { code: 'x', label: 'Ex, with comma' },
        { code: 'y', label: 'Why' },
      ])
      const form = await raw(env, '/tagged', {
        method: 'POST',
        body: 'code=z&label=Zed+Zero',
        headers: { 'content-type': 'application/x-www-form-urlencoded', prefer: 'return=representation' },
      })
      expect(form.json()).toEqual([{ code: 'z', label: 'Zed Zero' }])
    })

    it('treats SQL-looking strings as plain values everywhere', async () => {
      const sqlish = '1; drop table rest_test.courses; --'
      await expectError(`/courses?id=eq.${encodeURIComponent(sqlish)}`, 400, '22P02')
      const title = await raw(env, `/courses?title=eq.${encodeURIComponent("' or 1=1 --")}`)
      expect(title.json()).toEqual([])
      await expectError(`/courses?select=${encodeURIComponent('id,(select 1)')}`, 400, 'PGRST100')
      await expectError(`/courses?select=${encodeURIComponent('"id; drop table x"')}`, 400, '42703')
      await expectError(`/courses?order=${encodeURIComponent('id;delete')}`, 400, 'PGRST100')
      const alias = await raw(env, `/courses?select=${encodeURIComponent('"a\\"); drop table x; --":id')}&id=eq.1`)
      expect(alias.json()).toEqual([{ 'a"); drop table x; --': 1 }])
      const key = await raw(env, `/authors?select=${encodeURIComponent('profile->>"x\' || pg_sleep(5) --"')}&id=eq.1`)
      expect(key.status).toBe(200)
      const still = await raw(env, '/courses?select=id&limit=1')
      expect(still.status).toBe(200)
    })

    it('survives very long URLs and deep nesting', async () => {
      const many = Array.from({ length: 2000 }, (_, i) => i).join(',')
      const long = await raw(env, `/courses?select=id&id=in.(${many})&order=id`)
      expect(long.status).toBe(200)
      expect((long.json() as unknown[]).length).toBe(4)
      // Past Node's 16 KiB header limit the HTTP server itself answers (431), before the service sees it.
      const tooLong = await raw(env, `/courses?select=id&title=in.(${'x'.repeat(100_000)})`)
      expect(tooLong.status).toBeLessThan(500)
      const deep = 'or('.repeat(200) + 'id.eq.1' + ')'.repeat(200)
      const nested = await raw(env, `/courses?select=id&or=(${deep.slice(3, -1)})`)
      expect([200, 400]).toContain(nested.status)
      const wide = await raw(
        env,
        `/courses?select=${Array.from({ length: 300 }, (_, i) => `c${i}:id`).join(',')}&limit=1`,
      )
      expect(wide.status).toBe(200)
    })

    it('rejects NUL bytes, bad escapes and unknown Accept types without a 500', async () => {
      const nul = await raw(env, '/courses?title=eq.a%00b')
      expect(nul.status).toBeLessThan(500)
      const escape = await raw(env, '/courses?title=eq.%E0%A4%A')
      expect(escape.status).toBeLessThan(500)
      await expectError('/courses', 406, 'PGRST107', { headers: { accept: 'application/xml' } })
      await expectError('/courses', 400, 'PGRST122', { headers: { prefer: 'handling=strict, nonsense' } })
    })
  })
}

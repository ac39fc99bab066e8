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
      expect(await post('[42, {"name":"a"}]')).toMatchObject({ message: 'All object keys must match' })
      expect(await post('<item/>', 'text/xml')).toMatchObject({ message: 'Content-Type not acceptable: text/xml' })
      expect(await post('x', 'image/png')).toMatchObject({ message: 'Content-Type not acceptable: image/png' })
    })

    it('takes a JSON scalar as an empty array, as payloadAttributes in PostgREST does (nothing inserted)', async () => {
      for (const body of ['42', '"text"', 'null']) {
        const res = await raw(env, '/items', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        })
        expect(res.status, `${body} → ${res.text}`).toBe(201)
        expect(res.json()).toEqual([])
      }
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

    it('treats header values named after Object.prototype members as unknown values, never as a 500', async () => {
      for (const prefer of ['constructor', 'toString=1', '__proto__', 'hasOwnProperty=return']) {
        const res = await raw(env, '/courses?select=id&id=eq.1', { headers: { prefer } })
        expect(res.status, `Prefer: ${prefer} → ${res.text}`).toBe(200)
      }
      const strict = await expectError('/courses', 400, 'PGRST122', {
        headers: { prefer: 'handling=strict, constructor' },
      })
      expect(strict.details).toBe('Invalid preferences: constructor')
      for (const type of ['constructor', '__proto__', 'toString']) {
        for (const [method, path] of [
          ['POST', '/items'],
          ['PATCH', '/items?id=eq.1'],
          ['PUT', '/items?id=eq.1'],
          ['POST', '/rpc/add'],
        ] as const) {
          const error = await expectError(path, 400, 'PGRST102', {
            method,
            body: '{"id":1,"name":"x"}',
            headers: { 'content-type': type },
          })
          expect(error.message).toBe(`Content-Type not acceptable: ${type.toLowerCase()}`)
        }
      }
    })

    it('keeps CSV and form keys named after Object.prototype members (PGRST204 for a column that does not exist)', async () => {
      const csv = await expectError('/tagged', 400, 'PGRST204', {
        method: 'POST',
        body: '__proto__,code,label\n1,p,Proto',
        headers: { 'content-type': 'text/csv' },
      })
      expect(csv.message).toBe("Could not find the '__proto__' column of 'tagged' in the schema cache")
      const form = await expectError('/tagged', 400, 'PGRST204', {
        method: 'POST',
        body: '__proto__=1&code=p&label=Proto',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(form.message).toBe("Could not find the '__proto__' column of 'tagged' in the schema cache")
    })

    it('answers PGRST100 for logic trees and embeds nested past their limits, not a stack overflow', async () => {
      const or = await expectError(
        `/courses?select=id&or=(${'and('.repeat(2_500)}id.eq.1${')'.repeat(2_501)}`,
        400,
        'PGRST100',
      )
      expect(or.details).toBe('logic trees may nest at most 64 levels deep')
      const select = await expectError(`/courses?select=${'a('.repeat(5_000)}id${')'.repeat(5_000)}`, 400, 'PGRST100')
      expect(select.details).toBe('embedded resources may nest at most 32 levels deep')
    })

    it('answers 413 for bodies past 32 MiB, announced or streamed, and keeps serving', async () => {
      const big = Buffer.alloc(33 * 1024 * 1024, 0x20)
      const announced = await expectError('/items', 413, 'PGRST102', { method: 'POST', body: big })
      expect(announced.message).toBe('Request body is too large')
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 40) controller.enqueue(chunk)
          else controller.close()
        },
      })
      await expectError('/items', 413, 'PGRST102', {
        method: 'POST',
        body: stream,
        duplex: 'half',
      } as RequestInit)
      expect((await raw(env, '/items?select=id&limit=1')).status).toBe(200)
    })

    it('writes table names outside Latin-1 into Content-Location and Location as UTF-8 bytes, as PostgREST does', async () => {
      const utf8 = (value: string | null) => (value === null ? null : Buffer.from(value, 'latin1').toString('utf8'))
      const read = await raw(env, `/${encodeURIComponent('课程')}?select=id,name`)
      expect(read.status, read.text).toBe(200)
      expect(read.json()).toEqual([{ id: 1, name: 'one' }])
      expect(utf8(read.headers.get('content-location'))).toBe('/课程?select=id%2Cname')
      const insert = await raw(env, `/${encodeURIComponent('课程')}`, {
        method: 'POST',
        body: '{"id":2,"name":"two"}',
        headers: { prefer: 'return=headers-only' },
      })
      expect(insert.status, insert.text).toBe(201)
      expect(utf8(insert.headers.get('location'))).toBe('/课程?id=eq.2')
    })

    it('answers PGRST111 for response.headers HTTP cannot carry, and sends values outside ASCII as UTF-8', async () => {
      const call = (name: string, value: string) =>
        raw(env, `/rpc/header_from?name=${encodeURIComponent(name)}&value=${encodeURIComponent(value)}`)
      const good = await call('X-Name', '课程')
      expect(good.status, good.text).toBe(200)
      expect(Buffer.from(good.headers.get('x-name')!, 'latin1').toString('utf8')).toBe('课程')
      for (const [name, value] of [
        ['X-Bad\nName', 'v'],
        ['X-Ok', 'a\r\nSet-Cookie: evil=1'],
        ['课程', 'v'],
      ]) {
        const bad = await call(name!, value!)
        expect(bad.status, `${name}: ${value} → ${bad.text}`).toBe(500)
        expect(bad.json()).toMatchObject({ code: 'PGRST111' })
      }
      const raised = await raw(env, '/rpc/raise_header', {
        method: 'POST',
        body: '{"name":"X-Bad\\nName","value":"v"}',
      })
      expect(raised.status, raised.text).toBe(500)
      expect(raised.json()).toMatchObject({ code: 'PGRST121' })
    })
  })
}

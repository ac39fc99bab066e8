// Functions through supabase-js's rpc(): POST with named arguments, GET and HEAD with query arguments, a single
// unnamed json or text parameter, arrays and variadic parameters, set-returning functions read like tables
// (filters, order, embedding), scalar, composite, TABLE and void results, and the errors RPC can meet.
import { describe, expect, it } from 'vitest'
import { raw, type SuiteEnv } from '../env.ts'

export function rpcSuite(env: SuiteEnv): void {
  describe('rpc', () => {
    const db = () => env.h.anon()

    it('calls with named arguments by POST, GET and HEAD', async () => {
      expect(await db().rpc('add', { a: 2, b: 40 })).toMatchObject({ status: 200, data: 42 })
      expect((await db().rpc('add', { a: 1, b: 2 }, { get: true })).data).toBe(3)
      expect((await db().rpc('greet', {}, { get: true })).data).toBe('hello world')
      expect((await db().rpc('greet', { name: 'Ada' })).data).toBe('hello Ada')
      const head = await db().rpc('numbers', { upto: 4 }, { head: true, count: 'exact' })
      expect(head).toMatchObject({ status: 200, data: null, count: 4 })
    })

    it('passes arrays, variadic arguments and a single unnamed json or text parameter', async () => {
      expect((await db().rpc('sum_array', { vals: [1, 2, 3] })).data).toBe(6)
      expect((await db().rpc('sum_array', { vals: [4, 5] }, { get: true })).data).toBe(9)
      expect((await raw(env, '/rpc/variadic_sum?vals=1&vals=2&vals=3')).json()).toBe(6)
      expect((await db().rpc('echo_json', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] })
      const text = await raw(env, '/rpc/echo_text', {
        method: 'POST',
        body: 'shout',
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.json()).toBe('SHOUT')
    })

    it('gives a raw body only to a function with a single unnamed parameter of its type (PGRST202 otherwise)', async () => {
      const post = (fn: string, body: string | Uint8Array, type: string) =>
        raw(env, `/rpc/${fn}`, { method: 'POST', body, headers: { 'content-type': type } })
      expect((await post('byte_length', new Uint8Array([0, 1, 2, 255]), 'application/octet-stream')).json()).toBe(4)
      expect((await post('echo_json', '{"a":[1,2.50,12345678901234567890]}', 'application/json')).text).toBe(
        '{"a":[1,2.50,12345678901234567890]}',
      )
      // A function whose parameters are all optional matches a raw body's empty set of names (PostgREST's
      // matchesParams), and is called without arguments.
      expect((await post('greet', 'Ada', 'text/plain')).json()).toBe('hello world')
      for (const [fn, type] of [
        ['add_item', 'text/plain'],
        ['echo_text', 'application/octet-stream'],
        ['byte_length', 'text/plain'],
      ] as const) {
        const res = await post(fn, 'Ada', type)
        expect(res.status, `${fn} with ${type} → ${res.text}`).toBe(404)
        expect(res.json()).toMatchObject({ code: 'PGRST202' })
      }
      const named = await post('named_json', '{"other":1}', 'application/json')
      expect(named.status, named.text).toBe(404)
      expect((await db().rpc('named_json', { data: { x: 1 } })).data).toEqual({ x: 1 })
    })

    it('takes a whole jsonb or xml body, and leaves functions PostgREST cannot call out of the cache', async () => {
      expect((await db().rpc('echo_jsonb', { nested: { n: 1 } })).data).toEqual({ nested: { n: 1 } })
      const xml = await raw(env, '/rpc/echo_xml', {
        method: 'POST',
        body: '<a>1</a>',
        headers: { 'content-type': 'text/xml' },
      })
      expect(xml.status, xml.text).toBe(200)
      expect(xml.json()).toBe('<a>1</a>')
      // A single unnamed int parameter: not in PostgREST's cache, so not found, and never suggested.
      const hidden = await db().rpc('double_it', { x: 1 })
      expect(hidden.status).toBe(404)
      expect(hidden.error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function rest_test.double_it(x) in the schema cache',
        details:
          'Searched for the function rest_test.double_it with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
      })
      // Known name, wrong arguments: the closest parameter list of its overloads, sorted.
      const wrong = await db().rpc('add', { a: 1, c: 2 })
      expect(wrong.error?.hint).toBe('Perhaps you meant to call the function rest_test.add(a, b)')
    })

    it('calls a single unnamed parameter of any kept type by the empty key, with the whole body', async () => {
      // PostgREST v14 (Plan.hs findProc, CallPlan OnePosParam): the parameter's name is '', so `{"": …}` names it,
      // and a one-unnamed-parameter function is called positionally with the body as sent, cast to its type.
      const body = '{"": "test"}'
      const post = (fn: string, text = body) => raw(env, `/rpc/${fn}`, { method: 'POST', body: text })
      const upper = await post('echo_text')
      expect(upper.status, upper.text).toBe(200)
      expect(upper.json()).toBe('{"": "TEST"}')
      expect((await db().rpc('echo_text', { '': 'test' })).data).toBe('{"":"TEST"}')
      expect((await post('echo_json')).text).toBe(body)
      expect((await post('echo_jsonb')).json()).toEqual({ '': 'test' })
      expect((await post('byte_length')).json()).toBe(Buffer.byteLength(body))
      expect((await post('echo_xml', '{"": "<b>x</b>"}')).json()).toBe('{"": "<b>x</b>"}')
      // A single unnamed int parameter is not in PostgREST's cache: not found, the empty key named as ().
      const int = await post('double_it', '{"": 1}')
      expect(int.status).toBe(404)
      expect(int.json()).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function rest_test.double_it() in the schema cache',
        details:
          'Searched for the function rest_test.double_it with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      })
      // Another key: text is not a JSON body's fallback type (PGRST202), json and jsonb take it whole.
      expect((await post('echo_text', '{"x": "test"}')).json()).toMatchObject({ code: 'PGRST202' })
      expect((await post('echo_jsonb', '{"x": 1}')).json()).toEqual({ x: 1 })
      // A JSON scalar is taken as an empty array, as PostgREST's payloadAttributes does.
      expect((await post('echo_json', '"just text"')).json()).toEqual([])
      // A form names the parameter the same way; its fields reach the function as a JSON object.
      const form = await raw(env, '/rpc/echo_text', {
        method: 'POST',
        body: '=test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(form.json()).toBe('{"":"TEST"}')
    })

    it("applies a function's statement_timeout to the whole call, as PostgREST hoists it", async () => {
      const slow = await db().rpc('sleepy_limited')
      expect(slow.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
      // Within the function its own SET clauses apply anyway (PostgreSQL's).
      expect((await db().rpc('timeout_inside')).data).toBe('42s 1234kB')
    })

    it("begins the call's transaction at the function's default_transaction_isolation", async () => {
      expect((await db().rpc('isolation_serializable')).data).toBe('serializable')
      expect((await db().rpc('isolation_serializable', {}, { get: true })).data).toBe('serializable')
      expect((await db().rpc('isolation_default')).data).toBe('read committed')
    })

    it('runs with the search path PostgREST sets: the schema, then the extra search path, quoted', async () => {
      expect((await db().rpc('current_search_path', {}, { get: true })).data).toBe(
        '"rest_test", "public", "extensions"',
      )
    })

    it('names an unnamed parameter among named ones by the empty key, and calls an optional one without', async () => {
      // Named through json_to_record, the empty name is PostgreSQL's syntax error, as in PostgREST's SQL.
      expect((await db().rpc('label_pair', { label: 'n', '': 2 })).error).toMatchObject({ code: '42601' })
      // No argument: the only parameter is optional, so PostgREST matches and passes the arguments object ({}).
      expect((await db().rpc('text_or_default', {}, { get: true })).data).toBe('got {}')
      // A raw body matches a function whose parameters are all optional, and goes to its one parameter.
      const text = await raw(env, '/rpc/text_or_default', {
        method: 'POST',
        body: 'plain',
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.json()).toBe('got plain')
      // An empty body on a text parameter is no named match and no whole-body one (json/jsonb only).
      expect((await raw(env, '/rpc/echo_text', { method: 'POST', body: '' })).status).toBe(404)
    })

    it('reads set-returning functions like tables: filters, order, limit, select and embedding', async () => {
      const { data } = await db()
        .rpc('courses_by_author', { author: 1 })
        .select('title, sections(title)')
        .gt('id', 1)
        .order('id', { ascending: false })
      expect(data).toEqual([{ title: 'Analytical Engines', sections: [] }])
      const counted = await db().rpc('courses_by_author', { author: 1 }, { count: 'exact' }).limit(1)
      expect(counted).toMatchObject({ count: 2, status: 206 })
      expect((await db().rpc('numbers', { upto: 3 })).data).toEqual([1, 2, 3])
      expect((await db().rpc('course_lesson_counts').eq('course_id', 1)).data).toEqual([{ course_id: 1, lessons: 4 }])
      expect((await db().rpc('courses_by_author', { author: 2 }).select('slug').single()).data).toEqual({
        slug: 'computability',
      })
    })

    it('answers an object for a function returning one row, and 204 for void', async () => {
      expect((await db().rpc('get_author', { author: 3 }).select('name, bio')).data).toEqual({
        name: 'Grace Hopper',
        bio: 'Admiral',
      })
      expect(await db().rpc('noop')).toMatchObject({ status: 204, data: null, error: null })
    })

    it('runs GET calls read-only (25006 → 405) and volatile POST calls read-write', async () => {
      const get = await db().rpc('add_item', { name: 'via get' }, { get: true })
      expect(get.status).toBe(405)
      expect(get.error).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' })
      const post = await db().rpc('add_item', { name: 'via post' }).select('name')
      expect(post.data).toEqual({ name: 'via post' })
    })

    it('answers PGRST202 for unknown functions or arguments and PGRST203 for ambiguous overloads', async () => {
      const missing = await db().rpc('greeet', { name: 'x', b: 2 })
      expect(missing.status).toBe(404)
      expect(missing.error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function rest_test.greeet(b, name) in the schema cache',
        details:
          'Searched for the function rest_test.greeet with parameters b, name or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function rest_test.greet',
      })
      expect((await db().rpc('xyzzy')).error?.hint).toBeNull()
      const wrongArgs = await db().rpc('add', { a: 1 }, { get: true })
      expect(wrongArgs.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function rest_test.add(a) in the schema cache',
        details:
          'Searched for the function rest_test.add with parameter a, but no matches were found in the schema cache.',
      })
      const ambiguous = await db().rpc('overloaded', { a: 1 })
      expect(ambiguous.status).toBe(300)
      expect(ambiguous.error).toEqual({
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: rest_test.overloaded(a => integer), rest_test.overloaded(a => text)',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      })
      // PostgREST's order: fewer parameters first, then those without a description, then by parameter.
      expect((await db().rpc('ordered', { a: 1 })).error?.message).toBe(
        'Could not choose the best candidate function between: rest_test.ordered(a => text), rest_test.ordered(a => integer), rest_test.ordered(a => text, b => integer)',
      )
    })

    it('passes errors raised in SQL through: P0001 → 400, PTxyz → xyz, PGRST with full control', async () => {
      expect(await db().rpc('raise_plain')).toMatchObject({
        status: 400,
        error: { code: 'P0001', message: 'Something went wrong', details: 'details here', hint: 'a hint' },
      })
      expect((await db().rpc('raise_pt')).status).toBe(418)
      const custom = await raw(env, '/rpc/raise_custom', { method: 'POST', body: '{}' })
      expect(custom.status).toBe(402)
      expect(custom.headers.get('x-powered-by')).toBe('Nerd Rage')
      expect(custom.json()).toEqual({
        code: '123',
        message: 'Payment Required',
        details: 'Quota exceeded',
        hint: 'Upgrade your plan',
      })
    })

    it('refuses max-affected on functions that do not return a set (PGRST128) and enforces it on those that do', async () => {
      const scalar = await db().rpc('add', { a: 1, b: 2 }).maxAffected(1)
      expect(scalar.error).toEqual({
        code: 'PGRST128',
        message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        details: null,
        hint: null,
      })
      const set = await db().rpc('numbers', { upto: 3 }).maxAffected(2)
      expect(set.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' })
    })

    it('lets SQL set the response status and headers', async () => {
      const res = await raw(env, '/rpc/with_headers')
      expect(res.status).toBe(202)
      expect(res.headers.get('x-custom')).toBe('yes')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.json()).toEqual({ ok: true })
    })
  })
}

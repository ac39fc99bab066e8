// In-database configuration as PostgREST reads it: `pgrst.*` settings of the authenticator role, per database over
// role-wide, taken at the next reload. These tests change the authenticator role itself, so they run against their
// own throw-away cluster (never the shared database). Needs SUMMIT_TEST_DB_URL like the other integration suites.
import path from 'node:path'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestHarness, type RestHarness } from '../testing/harness.ts'
import { freePort, startScratchCluster, type ScratchCluster } from '../testing/scratch-cluster.ts'
import { raw, type SuiteEnv } from './env.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

interface PlanNode {
  'Node Type': string
  'Actual Rows'?: number
  Output?: string[]
  Plans?: PlanNode[]
}
type JsonPlan = [{ Plan: PlanNode; 'Execution Time'?: number; Settings?: object; Planning?: object }]

describe.skipIf(!dbUrl)('REST in-database configuration (own cluster)', () => {
  const env = {} as SuiteEnv
  let scratch: ScratchCluster
  let h: RestHarness
  let database: string

  /** Sets (or with `undefined` resets) a pgrst.* setting of the authenticator, role-wide or in this database only. */
  async function setting(name: string, value: string | undefined, inDatabase = false): Promise<void> {
    const scope = inDatabase ? ` in database "${database}"` : ''
    await h.sql.query(
      value === undefined
        ? `alter role authenticator${scope} reset pgrst.${name}`
        : `alter role authenticator${scope} set pgrst.${name} = '${value}'`,
    )
    await h.service.reloadSchema()
  }

  beforeAll(async () => {
    scratch = await startScratchCluster(path.join(tmpdir(), `rest-db-config-${process.pid}`), await freePort())
    h = env.h = await startRestHarness(scratch.url)
    database = new URL(scratch.url).pathname.slice(1) || 'postgres'
  }, 120_000)
  afterAll(async () => {
    await h?.close()
    await scratch?.stop()
  })

  describe('db_plan_enabled and Accept: application/vnd.pgrst.plan', () => {
    it('is an unknown media type while the setting is off (406 PGRST107, named as PostgREST names it)', async () => {
      const res = await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })
      expect(res.status).toBe(406)
      expect(res.json()).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      })
      const withOptions = await raw(env, '/courses', {
        headers: { accept: 'application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|analyze' },
      })
      expect((withOptions.json() as { message: string }).message).toBe(
        'None of these media types are available: application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose',
      )
      const { data, error, status } = await h.anon().from('courses').select('id').explain()
      expect(status).toBe(406)
      expect(data).toBeNull()
      expect(error).toMatchObject({ code: 'PGRST107' })
      await setting('db_plan_enabled', 'yes')
      expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(406)
    })

    it('answers the EXPLAIN text of a read once enabled on the role', async () => {
      await setting('db_plan_enabled', 'true')
      const res = await raw(env, '/courses?select=id,title&published=is.true', {
        headers: { accept: 'application/vnd.pgrst.plan' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
      )
      expect(res.headers.get('content-profile')).toBe('rest_test')
      expect(res.headers.get('content-range')).toBeNull()
      expect(res.text).toMatch(/^Aggregate {2}\(cost=/)
      expect(res.text).toContain('courses')
      expect(res.text.endsWith('\n')).toBe(true)
      // Through supabase-js: the text comes back as the data.
      const { data, error, status } = await h.anon().from('courses').select('id').explain()
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data).toEqual(expect.stringMatching(/cost=/))
    })

    it('takes booleans as PostgREST does: any case, quoted, or a number above zero', async () => {
      for (const value of ['TRUE', '"true"', '1']) {
        await setting('db_plan_enabled', value)
        expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(200)
      }
      for (const value of ['false', '0', 'on']) {
        await setting('db_plan_enabled', value)
        expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(406)
      }
      await setting('db_plan_enabled', 'true')
    })

    it('answers JSON with the EXPLAIN options asked, in PostgREST order in the Content-Type', async () => {
      const res = await raw(env, '/courses?select=id,title', {
        headers: {
          accept:
            'application/vnd.pgrst.plan+json; for="application/json"; options=verbose|analyze|settings|buffers|wal',
        },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|settings|buffers|wal; charset=utf-8',
      )
      const [plan] = res.json() as JsonPlan
      expect(plan.Plan['Node Type']).toBe('Aggregate')
      expect(plan['Execution Time']).toEqual(expect.any(Number))
      expect(plan.Plan.Output).toEqual(expect.any(Array))
      expect(plan.Plan['Actual Rows']).toBe(1)
      expect(plan.Settings).toEqual(expect.any(Object))
      // supabase-js's explain() sends `options=analyze|verbose;` with a trailing `;`.
      const { data, error } = await h.anon().from('courses').select('id').explain({ format: 'json', analyze: true })
      expect(error).toBeNull()
      expect((data as unknown as JsonPlan)[0]['Execution Time']).toEqual(expect.any(Number))
    })

    it('explains the statement for the representation named by for=, unknown ones being PGRST107', async () => {
      // A single object: the plan of that statement, without the single-row check (three rows match here).
      const object = await raw(env, '/courses?select=id', {
        headers: { accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"' },
      })
      expect(object.status).toBe(200)
      expect(object.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; charset=utf-8',
      )
      const csv = await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan+text;for=text/csv' } })
      expect(csv.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="text/csv"; charset=utf-8')
      const anyType = await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan; for="*/*"' } })
      expect(anyType.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="*/*"; charset=utf-8')
      const plain = await raw(env, '/courses', {
        headers: { accept: 'application/vnd.pgrst.plan; for="text/plain"' },
      })
      expect(plain.status).toBe(406)
      expect((plain.json() as { message: string }).message).toBe(
        'None of these media types are available: application/vnd.pgrst.plan+text; for="text/plain"',
      )
      // Not for the OpenAPI root.
      expect((await raw(env, '/', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(406)
      // HEAD: the plan's headers, no body.
      const head = await raw(env, '/courses', { method: 'HEAD', headers: { accept: 'application/vnd.pgrst.plan' } })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
      )
      expect(head.text).toBe('')
    })

    it('explains calls, GET and POST', async () => {
      const get = await raw(env, '/rpc/add?a=1&b=2', { headers: { accept: 'application/vnd.pgrst.plan+json' } })
      expect(get.status).toBe(200)
      expect((get.json() as JsonPlan)[0].Plan['Node Type']).toEqual(expect.any(String))
      const { data, error } = await h.anon().rpc('courses_by_author', { author: 1 }).explain({ format: 'json' })
      expect(error).toBeNull()
      expect(JSON.stringify(data)).toContain('Function Scan')
    })

    it('explains writes: without ANALYZE nothing runs, with it the write commits unless Prefer: tx=rollback', async () => {
      const count = async (name: string) =>
        Number((await h.sql.query('select count(*) from rest_test.items where name = $1', [name])).rows[0].count)
      const post = (name: string, accept: string, prefer?: string) =>
        raw(env, '/items', {
          method: 'POST',
          body: JSON.stringify({ name }),
          headers: { accept, ...(prefer ? { prefer } : {}) },
        })
      const planned = await post('plan-only', 'application/vnd.pgrst.plan+json')
      expect(planned.status).toBe(200)
      expect(JSON.stringify(planned.json())).toContain('Insert')
      expect(await count('plan-only')).toBe(0)
      const analyzed = await post('plan-analyze', 'application/vnd.pgrst.plan+json; options=analyze')
      expect(analyzed.status).toBe(200)
      expect(await count('plan-analyze')).toBe(1)
      const rolledBack = await post('plan-rollback', 'application/vnd.pgrst.plan; options=analyze', 'tx=rollback')
      expect(rolledBack.status).toBe(200)
      expect(rolledBack.headers.get('preference-applied')).toBeNull()
      expect(await count('plan-rollback')).toBe(0)
      // supabase-js: an insert without select() asks for return=minimal; the plan is answered all the same.
      const { error, status } = await h.anon().from('items').insert({ name: 'plan-client' }).explain()
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(await count('plan-client')).toBe(0)
      // A PATCH of many rows for a single object is not checked (PGRST116) when only its plan is asked.
      const patch = await raw(env, '/items?id=gt.0', {
        method: 'PATCH',
        body: JSON.stringify({ note: 'planned' }),
        headers: {
          accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"',
          prefer: 'return=representation',
        },
      })
      expect(patch.status).toBe(200)
      expect(
        Number((await h.sql.query("select count(*) from rest_test.items where note = 'planned'")).rows[0].count),
      ).toBe(0)
      await h.resetData()
    })

    it('answers PGRST107 for a write too while off, whatever Prefer: return says', async () => {
      await setting('db_plan_enabled', undefined)
      const res = await raw(env, '/items', {
        method: 'POST',
        body: JSON.stringify({ name: 'off' }),
        headers: { accept: 'application/vnd.pgrst.plan' },
      })
      expect(res.status).toBe(406)
      expect((res.json() as { code: string }).code).toBe('PGRST107')
      expect(Number((await h.sql.query("select count(*) from rest_test.items where name = 'off'")).rows[0].count)).toBe(
        0,
      )
      await setting('db_plan_enabled', 'true')
    })

    it('reads the per-database setting over the role-wide one', async () => {
      await setting('db_plan_enabled', 'false', true)
      expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(406)
      await setting('db_plan_enabled', undefined)
      await setting('db_plan_enabled', 'true', true)
      expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(200)
      await setting('db_plan_enabled', undefined, true)
      expect((await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan' } })).status).toBe(406)
    })
  })
  describe('db_tx_end and Prefer: tx=', () => {
    const insert = (name: string, prefer?: string) =>
      raw(env, '/items', {
        method: 'POST',
        body: JSON.stringify({ name }),
        headers: prefer ? { prefer } : {},
      })
    const kept = async (name: string) =>
      Number((await h.sql.query('select count(*) from rest_test.items where name = $1', [name])).rows[0].count) > 0

    beforeAll(async () => {
      await setting('db_plan_enabled', undefined)
      await h.sql.query(`
        create table if not exists rest_test.deferred_links (
          id int primary key,
          parent int references rest_test.deferred_links (id) deferrable initially deferred
        );
        grant select, insert on rest_test.deferred_links to anon;`)
      await h.service.reloadSchema()
    })
    afterAll(async () => {
      await setting('db_tx_end', undefined)
    })

    it('lets Prefer: tx= decide without the setting, and checks deferred constraints before rolling back', async () => {
      const res = await insert('tx-default-rollback', 'tx=rollback')
      expect(res.status).toBe(201)
      expect(res.headers.get('preference-applied')).toBe('tx=rollback')
      expect(await kept('tx-default-rollback')).toBe(false)
      const deferred = await raw(env, '/deferred_links', {
        method: 'POST',
        body: JSON.stringify({ id: 1, parent: 99 }),
        headers: { prefer: 'tx=rollback' },
      })
      expect(deferred.status).toBe(409)
      expect((deferred.json() as { code: string }).code).toBe('23503')
      // The same through the path that holds the transaction open for a check (a single object asked for).
      const single = await raw(env, '/deferred_links?select=id', {
        method: 'POST',
        body: JSON.stringify({ id: 2, parent: 99 }),
        headers: { prefer: 'tx=rollback,return=representation', accept: 'application/vnd.pgrst.object+json' },
      })
      expect(single.status).toBe(409)
      expect((await raw(env, '/items?select=id&limit=1')).status).toBe(200)
    })

    it('commit: Prefer: tx= is ignored, not applied, and still a known preference', async () => {
      await setting('db_tx_end', 'commit')
      const res = await insert('tx-commit-ignored', 'tx=rollback')
      expect(res.status).toBe(201)
      expect(res.headers.get('preference-applied')).toBeNull()
      expect(await kept('tx-commit-ignored')).toBe(true)
      const strict = await insert('tx-commit-strict', 'tx=rollback, handling=strict')
      expect(strict.status).toBe(201)
      expect(strict.headers.get('preference-applied')).toBe('handling=strict')
    })

    it('rollback: every transaction is rolled back, whatever Prefer says', async () => {
      await setting('db_tx_end', 'rollback')
      expect((await insert('tx-rollback-plain')).status).toBe(201)
      expect(await kept('tx-rollback-plain')).toBe(false)
      const res = await insert('tx-rollback-commit', 'tx=commit')
      expect(res.headers.get('preference-applied')).toBeNull()
      expect(await kept('tx-rollback-commit')).toBe(false)
    })

    it('rollback-allow-override: rolled back unless Prefer: tx=commit', async () => {
      await setting('db_tx_end', 'rollback-allow-override')
      await insert('tx-rao-plain')
      expect(await kept('tx-rao-plain')).toBe(false)
      const res = await insert('tx-rao-commit', 'tx=commit')
      expect(res.headers.get('preference-applied')).toBe('tx=commit')
      expect(await kept('tx-rao-commit')).toBe(true)
    })

    it('commit-allow-override: committed unless Prefer: tx=rollback, also for reads and calls', async () => {
      await setting('db_tx_end', 'commit-allow-override')
      await insert('tx-cao-plain')
      expect(await kept('tx-cao-plain')).toBe(true)
      await insert('tx-cao-rollback', 'tx=rollback')
      expect(await kept('tx-cao-rollback')).toBe(false)
      await setting('db_tx_end', 'rollback')
      const call = await raw(env, '/rpc/add_item', { method: 'POST', body: JSON.stringify({ name: 'tx-call' }) })
      expect(call.status).toBe(200)
      expect(await kept('tx-call')).toBe(false)
      expect((await raw(env, '/items?select=id&limit=1')).status).toBe(200)
      await h.resetData()
    })
  })
  describe('db_pre_request', () => {
    beforeAll(async () => {
      await h.sql.query(`
        create or replace function rest_test.check_request() returns void language plpgsql as $$
        begin
          if current_setting('request.headers', true)::json ->> 'x-blocked' = 'yes' then
            raise sqlstate 'PGRST' using
              message = '{"code":"123","message":"Blocked by the pre-request"}',
              detail = '{"status":403,"headers":{"X-Why":"blocked"}}';
          end if;
          perform set_config('response.headers', '[{"X-Pre":"ran"}]', true);
        end $$;
        grant execute on function rest_test.check_request() to anon;`)
      await h.service.reloadSchema()
    })
    afterAll(async () => {
      await setting('db_pre_request', undefined)
      await setting('db_plan_enabled', undefined)
    })

    it('calls the function before every request, in its transaction, its errors and headers answering', async () => {
      expect((await raw(env, '/courses?select=id')).headers.get('x-pre')).toBeNull()
      await setting('db_pre_request', 'rest_test.check_request')
      const read = await raw(env, '/courses?select=id&id=eq.1')
      expect(read.status).toBe(200)
      expect(read.headers.get('x-pre')).toBe('ran')
      expect(read.json()).toEqual([{ id: 1 }])
      const blocked = await raw(env, '/courses?select=id', { headers: { 'x-blocked': 'yes' } })
      expect(blocked.status).toBe(403)
      expect(blocked.headers.get('x-why')).toBe('blocked')
      expect(blocked.json()).toMatchObject({ code: '123', message: 'Blocked by the pre-request' })
      // Writes and calls too; a blocked write leaves nothing behind.
      const write = await raw(env, '/items', {
        method: 'POST',
        body: JSON.stringify({ name: 'pre-blocked' }),
        headers: { 'x-blocked': 'yes' },
      })
      expect(write.status).toBe(403)
      expect(
        Number((await h.sql.query("select count(*) from rest_test.items where name = 'pre-blocked'")).rows[0].count),
      ).toBe(0)
      const call = await raw(env, '/rpc/add?a=1&b=2')
      expect(call.status).toBe(200)
      expect(call.headers.get('x-pre')).toBe('ran')
      // The plan of a request runs after it as well.
      await setting('db_plan_enabled', 'true')
      const plan = await raw(env, '/courses', { headers: { accept: 'application/vnd.pgrst.plan', 'x-blocked': 'yes' } })
      expect(plan.status).toBe(403)
    })

    it('finds an unqualified name through the search path; a missing function is the database error', async () => {
      await setting('db_pre_request', 'check_request')
      expect((await raw(env, '/courses?select=id')).headers.get('x-pre')).toBe('ran')
      await setting('db_pre_request', 'rest_test.no_such_function')
      const res = await raw(env, '/courses?select=id')
      expect(res.status).toBe(404)
      expect((res.json() as { code: string }).code).toBe('42883')
    })
  })
  describe("request roles' settings", () => {
    afterAll(async () => {
      await h.sql.query(`alter role anon reset work_mem; alter role anon in database "${database}" reset work_mem;
        alter role anon reset log_min_duration_statement;
        revoke set on parameter log_min_duration_statement from authenticator`)
      await h.service.reloadSchema()
    })

    it('applies role-wide settings (and those granted to the authenticator with SET), not per-database ones', async () => {
      const value = async (name: string) => (await raw(env, `/rpc/setting_of?name=${name}`)).json()
      const before = await value('work_mem')
      await h.sql.query(`alter role anon in database "${database}" set work_mem = '2222kB'`)
      await h.service.reloadSchema()
      expect(await value('work_mem')).toBe(before)
      await h.sql.query(`alter role anon set work_mem = '3333kB'`)
      await h.service.reloadSchema()
      expect(await value('work_mem')).toBe('3333kB')
      await h.sql.query(`grant set on parameter log_min_duration_statement to authenticator;
        alter role anon set log_min_duration_statement = '1234'`)
      await h.service.reloadSchema()
      expect(await value('log_min_duration_statement')).toBe('1234ms')
    })
  })

  describe("a role's default_transaction_isolation", () => {
    afterAll(async () => {
      await h.sql.query('alter role anon reset default_transaction_isolation')
      await h.service.reloadSchema()
    })

    it("begins the role's transactions at it, unless the called function has its own", async () => {
      const level = async (fn: string) => (await raw(env, `/rpc/${fn}`)).json()
      expect(await level('isolation_default')).toBe('read committed')
      await h.sql.query(`alter role anon set default_transaction_isolation = 'repeatable read'`)
      await h.service.reloadSchema()
      expect(await level('isolation_default')).toBe('repeatable read')
      expect(await level('isolation_serializable')).toBe('serializable')
      expect((await h.anon().from('courses').select('id').limit(1)).error).toBeNull()
    })
  })

  describe('db_extra_search_path', () => {
    beforeAll(async () => {
      await h.sql.query(`
        create schema if not exists extra_tools;
        grant usage on schema extra_tools to anon;
        create or replace function extra_tools.triple_it(n int) returns int language sql immutable as $$ select n * 3 $$;
        create domain extra_tools.shout as text;
        create or replace function rest_test.use_extra(n int) returns int language plpgsql stable as $$
        begin
          return triple_it(n);
        end $$;
        grant execute on function rest_test.use_extra(int) to anon;`)
      await h.service.reloadSchema()
    })
    afterAll(async () => {
      await setting('db_extra_search_path', undefined)
    })

    it('replaces the search path after the exposed schema, and the types casts may name', async () => {
      const before = await raw(env, '/rpc/use_extra?n=2')
      expect(before.status, before.text).toBe(404)
      expect((before.json() as { code: string }).code).toBe('42883')
      expect((await raw(env, '/courses?select=title::shout&id=eq.1')).status).toBe(400)
      await setting('db_extra_search_path', 'extra_tools, public')
      const after = await raw(env, '/rpc/use_extra?n=2')
      expect(after.status, after.text).toBe(200)
      expect(after.json()).toBe(6)
      const cast = await raw(env, '/courses?select=title::shout&id=eq.1')
      expect(cast.status, cast.text).toBe(200)
      expect(cast.json()).toEqual([{ title: 'Intro to Programming' }])
      const client = await h.anon().rpc('use_extra', { n: 5 })
      expect(client.data).toBe(15)
      await setting('db_extra_search_path', '')
      expect((await raw(env, '/rpc/use_extra?n=2')).status).toBe(404)
    })
  })
})

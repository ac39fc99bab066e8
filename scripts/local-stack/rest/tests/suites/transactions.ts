// What each request's transaction sees: role, JWT claims, method, path and headers set in the same round trip as the
// query, read-only for GET/HEAD and stable functions, Prefer: timezone, the role's statement_timeout, and the
// schema cache following `NOTIFY pgrst, 'reload schema'`.
import { describe, expect, it } from 'vitest'
import { startRestHarness, userOne } from '../../testing/harness.ts'
import { raw, type SuiteEnv } from '../env.ts'

interface WhoAmI {
  role: string
  sub: string | null
  claims: Record<string, unknown>
  method: string
  path: string
  client_info: string | null
  read_only: string
  search_path: string
  timezone: string
}

export function transactionSuite(env: SuiteEnv): void {
  describe('per-request transaction settings', () => {
    it('sets role, claims, method, path and headers for the query, read-only on GET', async () => {
      const anon = (await env.h.anon().rpc('whoami', {}, { get: true })).data as WhoAmI
      expect(anon).toMatchObject({ role: 'anon', sub: null, method: 'GET', path: '/rpc/whoami', read_only: 'on' })
      expect(anon.claims).toMatchObject({ role: 'anon', iss: 'supabase-demo' })
      expect(anon.client_info).toMatch(/^supabase-js/)
      expect(anon.search_path).toBe('"rest_test", "public", "extensions"')
      const user = (await env.h.user(userOne).rpc('whoami')).data as WhoAmI
      expect(user).toMatchObject({ role: 'authenticated', sub: userOne, method: 'POST', read_only: 'on' })
      expect(user.claims).toMatchObject({ sub: userOne, role: 'authenticated', aud: 'authenticated' })
      const service = (await env.h.serviceRole().rpc('whoami', {}, { get: true })).data as WhoAmI
      expect(service.role).toBe('service_role')
    })

    it('leaves nothing behind for the next request on the same connection', async () => {
      await env.h.user(userOne).rpc('whoami')
      const after = (await env.h.anon().rpc('whoami')).data as WhoAmI
      expect(after).toMatchObject({ role: 'anon', sub: null })
    })

    it('applies Prefer: timezone and reports it', async () => {
      const res = await raw(env, '/rpc/whoami', { headers: { prefer: 'timezone=America/New_York' } })
      expect((res.json() as WhoAmI).timezone).toBe('America/New_York')
      expect(res.headers.get('preference-applied')).toBe('timezone=America/New_York')
      const bad = await raw(env, '/rpc/whoami', { headers: { prefer: 'timezone=Mars/Olympus' } })
      // An unknown zone is ignored: the database's own, UTC as Supabase's postgresql.conf sets it.
      expect((bad.json() as WhoAmI).timezone).toBe('UTC')
      expect(bad.headers.get('preference-applied')).toBeNull()
    })

    it("applies the role's statement_timeout (anon: 3 s) and answers the cancellation", async () => {
      const slow = await env.h.anon().rpc('slow', { seconds: 3.5 })
      expect(slow.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
      expect(slow.status).toBe(500)
    }, 15_000)

    it('notices DDL that sent no NOTIFY (a reset, a migration) within seconds', async () => {
      await env.h.sql.query(
        'create table rest_test.silent_arrival (id int primary key); grant select on rest_test.silent_arrival to anon',
      )
      try {
        let status = 0
        for (let i = 0; i < 50 && status !== 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          status = (await env.h.anon().from('silent_arrival').select()).status
        }
        expect(status).toBe(200)
      } finally {
        await env.h.sql.query('drop table rest_test.silent_arrival')
        await env.h.service.reloadSchema()
      }
    })

    it("reloads the schema cache on NOTIFY pgrst, 'reload schema'", async () => {
      // A service without the catalog check: only the notification can make the new table appear.
      const quiet = await startRestHarness(process.env.SUMMIT_TEST_DB_URL!, {
        loadSchema: false,
        schemaPollMs: 0,
        poolSize: 1,
      })
      await quiet.sql.query(
        'create table rest_test.late_arrival (id int primary key); grant select on rest_test.late_arrival to anon',
      )
      try {
        const before = await quiet.anon().from('late_arrival').select()
        expect(before.error?.code).toBe('PGRST205')
        await quiet.sql.query("notify pgrst, 'reload schema'")
        let status = 0
        for (let i = 0; i < 50 && status !== 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          status = (await quiet.anon().from('late_arrival').select()).status
        }
        expect(status).toBe(200)
      } finally {
        await quiet.sql.query('drop table rest_test.late_arrival')
        await quiet.close()
      }
    })
  })
}

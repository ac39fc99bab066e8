// Error mapping through supabase-js and the JWT checks: 42501 → 401 for anon and 403 for a user, bad, expired and
// malformed tokens (PGRST301/PGRST303 with WWW-Authenticate), unknown tables (PGRST205 with a hint), unknown
// columns (42703), invalid input (22P02), paths and methods PostgREST does not serve.
import { describe, expect, it } from 'vitest'
import { signHs256 } from '../../../keys/jwt.ts'
import { userOne } from '../../testing/harness.ts'
import { raw, type SuiteEnv } from '../env.ts'

export function errorSuite(env: SuiteEnv): void {
  describe('errors', () => {
    it('answers 42501 with 401 to anon and 403 to a signed-in user', async () => {
      const anon = await env.h.anon().from('notes').select()
      expect(anon.status).toBe(401)
      expect(anon.error).toEqual({
        code: '42501',
        message: 'permission denied for table notes',
        details: null,
        hint: null,
      })
      const user = await env.h.user(userOne).from('secrets').select()
      expect(user.status).toBe(403)
      expect(user.error?.code).toBe('42501')
      const res = await raw(env, '/notes')
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
    })

    it('verifies JWTs: bad signature and malformed tokens are PGRST301, expired ones PGRST303', async () => {
      const forged = env.h.userToken(userOne).slice(0, -4) + 'AAAA'
      const bad = await raw(env, '/courses', { headers: { authorization: `Bearer ${forged}` } })
      expect(bad.status).toBe(401)
      expect(bad.json()).toEqual({
        code: 'PGRST301',
        message: 'JWT cryptographic operation failed',
        details: null,
        hint: null,
      })
      expect(bad.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description="JWT cryptographic operation failed"',
      )
      const malformed = await raw(env, '/courses', { headers: { authorization: 'Bearer not-a-jwt' } })
      expect(malformed.json()).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' })
      const expired = signHs256({ sub: userOne, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 })
      const old = await raw(env, '/courses', { headers: { authorization: `Bearer ${expired}` } })
      expect(old.status).toBe(401)
      expect(old.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
      expect(old.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"')
      const empty = await raw(env, '/courses', { headers: { authorization: 'Bearer ' } })
      expect(empty.json()).toMatchObject({ code: 'PGRST301', message: 'Empty JWT is sent in Authorization header' })
    })

    it('treats a request without Authorization as anon, and a role that does not exist as 401', async () => {
      const res = await fetch(`${env.h.restUrl}/rpc/whoami`, { headers: { 'accept-profile': 'rest_test' } })
      expect(((await res.json()) as { role: string }).role).toBe('anon')
      const ghost = env.h.userToken(userOne, 'ghost_role')
      const denied = await raw(env, '/courses', { headers: { authorization: `Bearer ${ghost}` } })
      expect(denied.status).toBe(401)
      expect(denied.json()).toMatchObject({ code: '22023', message: 'role "ghost_role" does not exist' })
    })

    it('answers PGRST205 with a suggestion for unknown tables, 42703 for unknown columns, 22P02 for bad values', async () => {
      const table = await env.h.anon().from('course').select()
      expect(table.status).toBe(404)
      expect(table.error).toEqual({
        code: 'PGRST205',
        message: "Could not find the table 'rest_test.course' in the schema cache",
        details: null,
        hint: "Perhaps you meant the table 'rest_test.courses'",
      })
      const column = await env.h.anon().from('courses').select('titel')
      expect(column.status).toBe(400)
      expect(column.error).toEqual({
        code: '42703',
        message: 'column courses.titel does not exist',
        details: null,
        hint: 'Perhaps you meant to reference the column "courses.title".',
      })
      const value = await env.h.anon().from('courses').select().eq('id', 'one')
      expect(value.status).toBe(400)
      expect(value.error).toEqual({
        code: '22P02',
        message: 'invalid input syntax for type bigint: "one"',
        details: null,
        hint: null,
      })
    })

    it('answers PGRST125 for other paths, PGRST117 for unknown methods, PGRST101 for PATCH on RPC', async () => {
      const path = await raw(env, '/courses/1')
      expect(path.status).toBe(404)
      expect(path.json()).toEqual({
        code: 'PGRST125',
        message: 'Invalid path specified in request URL',
        details: null,
        hint: null,
      })
      const method = await raw(env, '/courses', { method: 'PROPFIND' })
      expect(method.status).toBe(405)
      expect(method.json()).toMatchObject({ code: 'PGRST117', message: 'Unsupported HTTP method: PROPFIND' })
      const rpc = await raw(env, '/rpc/add', { method: 'PATCH', body: '{}' })
      expect(rpc.status).toBe(405)
      expect(rpc.json()).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' })
      const options = await raw(env, '/courses', { method: 'OPTIONS' })
      expect(options.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE')
    })

    it('serves an OpenAPI description at the root', async () => {
      const res = await raw(env, '/')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/openapi\+json/)
      const doc = res.json() as {
        swagger: string
        paths: Record<string, unknown>
        definitions: Record<string, unknown>
      }
      expect(doc.swagger).toBe('2.0')
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/courses', '/rpc/add']))
      expect(doc.definitions.courses).toMatchObject({ type: 'object' })
    })
  })
}

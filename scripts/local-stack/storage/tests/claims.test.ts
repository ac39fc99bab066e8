// Token claims over raw HTTP, as storage-api (jose's validateClaimsSet) judges them: a string `exp`, `nbf` or `iat` is
// refused ('"exp" claim must be a number'), a token not valid yet is refused ('"nbf" claim timestamp check failed'),
// and a token naming a role
// the database will not switch to (or one that is not a string, which storage-api passes on as it is) is a 4xx that
// leaves the connection healthy for the requests after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage token claims', () => {
  let h: Harness
  let bucket: string
  const now = () => Math.floor(Date.now() / 1000)
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('claims', { public: true })
    await h.policy('objects', `for select to authenticated using (bucket_id = '${bucket}')`)
  })
  afterAll(async () => {
    await h?.close()
  })

  /** Lists the bucket with a raw Authorization header and returns the status and body. */
  async function list(claims: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${h.storageUrl}/object/list/${bucket}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.token(claims)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    return { status: response.status, body: await response.json() }
  }

  const denied = (message: string) => ({
    status: 400,
    body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message },
  })

  it('accepts a well-formed token', async () => {
    expect(await list({ role: 'authenticated', sub: 'u1' })).toEqual({ status: 200, body: [] })
  })

  it('refuses an exp given as a string, which would otherwise never expire', async () => {
    expect(await list({ role: 'authenticated', sub: 'u1', exp: String(now() + 3600) })).toEqual(
      denied('"exp" claim must be a number'),
    )
    expect(await list({ role: 'authenticated', sub: 'u1', exp: '2000000000' })).toEqual(
      denied('"exp" claim must be a number'),
    )
    expect(await list({ role: 'authenticated', sub: 'u1', iat: 'yesterday' })).toEqual(
      denied('"iat" claim must be a number'),
    )
  })

  it('refuses a token that is not valid yet, or whose nbf is not a number', async () => {
    expect(await list({ role: 'authenticated', sub: 'u1', nbf: now() + 3600 })).toEqual(
      denied('"nbf" claim timestamp check failed'),
    )
    expect(await list({ role: 'authenticated', sub: 'u1', nbf: String(now() - 10) })).toEqual(
      denied('"nbf" claim must be a number'),
    )
    // One already in force passes.
    expect((await list({ role: 'authenticated', sub: 'u1', nbf: now() - 10 })).status).toBe(200)
  })

  it('answers a 4xx for a role it cannot switch to, and the next requests still work', async () => {
    for (const role of ['no_such_role', 'postgres', 'supabase_admin']) {
      const answer = await list({ role, sub: 'u1' })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
      // The refused transaction must not poison the pooled connection it ran on (25P02 for whoever gets it next).
      for (let i = 0; i < 3; i++)
        expect(await list({ role: 'authenticated', sub: 'u1' })).toEqual({ status: 200, body: [] })
    }
  })

  it('refuses a role that is not a string as a role it cannot switch to, and takes a falsy one as anon', async () => {
    for (const role of [42, true, { name: 'authenticated' }, ['authenticated']]) {
      const answer = await list({ role, sub: 'u1' })
      expect(answer.status, JSON.stringify(role)).toBe(400)
      expect(answer.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    }
    // anon has no select policy on the bucket here: an empty list, not a refusal.
    for (const role of [0, false, null, '']) expect(await list({ role, sub: 'u1' })).toEqual({ status: 200, body: [] })
  })

  it('applies the same rules to signed-URL tokens', async () => {
    const { error } = await h.service.storage.from(bucket).upload('a.txt', 'a')
    expect(error).toBeNull()
    const url = `${bucket}/a.txt`
    const base = { aud: 'summit-storage-signed-url', iss: 'summit-storage', url, scope: 'download' }
    const get = async (claims: Record<string, unknown>) => {
      const response = await fetch(`${h.storageUrl}/object/sign/${url}?token=${h.keys.sign(claims)}`)
      return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown }
    }
    expect((await get({ ...base, exp: now() + 60 })).status).toBe(200)
    const invalid = (message: string) => ({
      status: 400,
      body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message },
    })
    expect(await get({ ...base, exp: String(now() + 60) })).toEqual(invalid('"exp" claim must be a number'))
    expect(await get({ ...base, exp: now() + 60, nbf: now() + 600 })).toEqual(
      invalid('"nbf" claim timestamp check failed'),
    )
  })
})

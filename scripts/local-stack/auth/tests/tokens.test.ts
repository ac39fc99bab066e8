// Access tokens and refresh tokens through auth-js: the claims GoTrue issues, refresh-token rotation with the reuse
// interval (inside: allowed; outside: the token family is revoked), concurrent refreshes of one token, and signing
// with an RS256 key from signing_keys_path with /.well-known/jwks.json.
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimsOf, signedInUser, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!testDbUrl())('access and refresh tokens', () => {
  let h: Harness
  /** The same service with a 1-second reuse interval, so "outside the interval" is quick to reach. */
  let short: Harness
  beforeAll(async () => {
    h = await startHarness()
    short = await startHarness((config) => {
      config.auth.refreshTokenReuseInterval = 1
    })
  })
  afterAll(async () => {
    await h.stop()
    await short.stop()
  })

  it('issues the claims GoTrue issues, in its order', async () => {
    const { session, user, email } = await signedInUser(h, { userMetadata: { display_name: 'Grace' } })
    const claims = claimsOf(session.access_token)
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ])
    expect(claims).toMatchObject({
      iss: h.authUrl,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Grace', email_verified: true },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    })
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(session.expires_at).toBe(claims.exp)
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString())
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' })
  })

  it('rotates the refresh token and hands the active token back to the client that lost it', async () => {
    const { client, session } = await signedInUser(h)
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(first.error).toBeNull()
    expect(first.data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(claimsOf(first.data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id)
    const lost = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(lost.error).toBeNull()
    expect(lost.data.session?.refresh_token).toBe(first.data.session?.refresh_token)
  })

  it('allows reuse of an older token inside the reuse interval (10 s in config.toml)', async () => {
    const { client, session } = await signedInUser(h)
    const b = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    const c = await client.auth.refreshSession({ refresh_token: b.data.session!.refresh_token })
    expect(c.error).toBeNull()
    const reused = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error).toBeNull()
    expect([b.data.session?.refresh_token, c.data.session?.refresh_token]).not.toContain(
      reused.data.session?.refresh_token,
    )
  })

  it('revokes the whole token family on reuse outside the interval', async () => {
    const { client, session } = await signedInUser(short)
    const b = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    const c = await client.auth.refreshSession({ refresh_token: b.data.session!.refresh_token })
    await sleep(1100)
    const reused = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error).toMatchObject({
      code: 'refresh_token_already_used',
      status: 400,
      message: 'Invalid Refresh Token: Already Used',
    })
    await sleep(1100)
    const newest = await client.auth.refreshSession({ refresh_token: c.data.session!.refresh_token })
    expect(newest.error?.code).toBe('refresh_token_already_used')
  })

  it('does not restart the reuse interval of a revoked token each time it is reused', async () => {
    const { client, session } = await signedInUser(short)
    const b = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    let latest = (await client.auth.refreshSession({ refresh_token: b.data.session!.refresh_token })).data.session!
    const started = Date.now()
    let refused: { code?: string } | null = null
    // The stolen first token is replayed every 300 ms while the owner keeps refreshing, so it is never the parent
    // of the active token; its interval (1 s) runs from its revocation, not from the last replay.
    while (Date.now() - started < 3000) {
      await sleep(300)
      const replayed = await client.auth.refreshSession({ refresh_token: session.refresh_token })
      if (replayed.error) {
        refused = replayed.error
        break
      }
      latest = (await client.auth.refreshSession({ refresh_token: latest.refresh_token })).data.session!
    }
    expect(refused).toMatchObject({ code: 'refresh_token_already_used' })
    expect(Date.now() - started).toBeLessThan(2000)
    await sleep(1100)
    const owner = await client.auth.refreshSession({ refresh_token: latest.refresh_token })
    expect(owner.error?.code).toBe('refresh_token_already_used')
  })

  it('gives two concurrent refreshes of one token the same new session', async () => {
    const { session } = await signedInUser(h)
    const [one, two] = await Promise.all([
      h.anon().auth.refreshSession({ refresh_token: session.refresh_token }),
      h.anon().auth.refreshSession({ refresh_token: session.refresh_token }),
    ])
    expect(one.error).toBeNull()
    expect(two.error).toBeNull()
    expect(one.data.session?.refresh_token).toBe(two.data.session?.refresh_token)
  })

  it('records the refresh on the session: refreshed_at, user agent and address of the client that refreshed', async () => {
    const { session } = await signedInUser(h)
    const db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
    try {
      const sessionId = claimsOf(session.access_token).session_id
      const read = async () =>
        (
          await db.query<{ age: number | null; user_agent: string | null; ip: string | null }>(
            `select extract(epoch from (now() at time zone 'utc') - refreshed_at)::float8 as age, user_agent,
               host(ip) as ip from auth.sessions where id = $1`,
            [sessionId],
          )
        ).rows[0]!
      const before = await read()
      expect(before.age).toBeNull()
      const response = await h.call('/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Summit tablet/2.0' },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      })
      expect(response.status).toBe(200)
      const after = await read()
      expect(after.user_agent).toBe('Summit tablet/2.0')
      expect(after.ip).toBe('127.0.0.1')
      // refreshed_at is a timestamp without time zone, written in UTC as GoTrue writes it.
      expect(after.age).not.toBeNull()
      expect(Math.abs(after.age!)).toBeLessThan(60)
    } finally {
      await db.end()
    }
  })

  it('answers unknown refresh tokens with refresh_token_not_found', async () => {
    const { error } = await h.anon().auth.refreshSession({ refresh_token: 'nosuchtoken1' })
    expect(error).toMatchObject({ code: 'refresh_token_not_found', status: 400 })
  })

  it('ends the session on logout, so its refresh token and access token stop working', async () => {
    const { client, session } = await signedInUser(h)
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull()
    const refreshed = await h.anon().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error?.message).toMatch(/Invalid Refresh Token/)
    const user = await h.anon().auth.getUser(session.access_token)
    expect(user.error?.name).toBe('AuthSessionMissingError')
  })
})

describe.skipIf(!testDbUrl())('tokens signed with a key from signing_keys_path', () => {
  let h: Harness
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-keys-'))
  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key-1', alg: 'RS256' }
    const file = path.join(dir, 'signing_keys.json')
    writeFileSync(file, JSON.stringify([jwk]))
    h = await startHarness((config) => {
      config.auth.signingKeysPath = file
    })
  })
  afterAll(async () => {
    await h.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('signs RS256 with the kid, publishes the public key, and auth-js verifies the claims with it', async () => {
    const { client, session } = await signedInUser(h)
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString())
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'test-key-1' })
    const jwks = (await (await fetch(`${h.authUrl}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string; d?: string }[]
    }
    expect(jwks.keys.map((k) => k.kid)).toEqual(['test-key-1'])
    expect(jwks.keys[0]?.d).toBeUndefined()
    const { data, error } = await client.auth.getClaims(session.access_token)
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(session.user.id)
    expect((await client.auth.getUser(session.access_token)).data.user?.id).toBe(session.user.id)
  })
})

// The shared access-token validation: signature and expiry, the type of each time claim, nbf and iat in the future
// (with and without clock skew), and how the role claim becomes the role to switch to.
import { describe, expect, it } from 'vitest'
import { verifyAccessToken } from './access-token.ts'
import { JwtKeys, signHs256 } from './jwt.ts'

const keys = new JwtKeys()
const now = 1_800_000_000
const check = (claims: Record<string, unknown>, options: { clockSkewSeconds?: number } = {}) =>
  verifyAccessToken(keys, signHs256(claims), { now, ...options })

describe('verifyAccessToken', () => {
  it('accepts a valid token and reports its role and expiry', async () => {
    expect(await check({ role: 'authenticated', sub: 'u1', exp: now + 60 })).toMatchObject({
      ok: true,
      role: 'authenticated',
      isAnon: false,
      exp: now + 60,
      claims: { sub: 'u1' },
    })
  })

  it('refuses a token that is not a JWT, or is signed with another secret', async () => {
    expect(await verifyAccessToken(keys, 'not-a-jwt', { now })).toMatchObject({ ok: false, reason: 'malformed' })
    const forged = signHs256({ role: 'service_role' }).replace(/\.[^.]+$/, '.AAAA')
    expect(await verifyAccessToken(keys, forged, { now })).toMatchObject({ ok: false, reason: 'invalid' })
  })

  it('refuses an expired token', async () => {
    expect(await check({ role: 'anon', exp: now - 1 })).toMatchObject({ ok: false, reason: 'expired' })
  })

  it('refuses an exp given as a string (which would never expire)', async () => {
    expect(await check({ role: 'authenticated', exp: String(now + 10 ** 9) })).toEqual({
      ok: false,
      reason: 'claim-not-number',
      claim: 'exp',
      message: "The JWT 'exp' claim must be a number",
    })
  })

  it('refuses nbf and iat that are not numbers', async () => {
    expect(await check({ exp: now + 60, nbf: 'soon' })).toMatchObject({ reason: 'claim-not-number', claim: 'nbf' })
    expect(await check({ exp: now + 60, iat: null })).toMatchObject({ reason: 'claim-not-number', claim: 'iat' })
  })

  it('checks only the named time claims, in the order given (jsonwebtoken: nbf, then exp; iat left alone)', async () => {
    const token = signHs256({ exp: 'later', nbf: 'soon', iat: 'then' })
    const jsonwebtoken = { now, numericClaims: ['nbf', 'exp'] } as const
    expect(await verifyAccessToken(keys, token, jsonwebtoken)).toMatchObject({
      reason: 'claim-not-number',
      claim: 'nbf',
    })
    expect(await verifyAccessToken(keys, token, { now })).toMatchObject({ reason: 'claim-not-number', claim: 'exp' })
    expect(await verifyAccessToken(keys, signHs256({ exp: now + 60, iat: 'then' }), jsonwebtoken)).toMatchObject({
      ok: true,
    })
  })

  it('refuses a future nbf beyond the 30 s skew, and accepts one within it', async () => {
    expect(await check({ exp: now + 600, nbf: now + 31 })).toEqual({
      ok: false,
      reason: 'not-yet-valid',
      message: 'JWT not yet valid',
    })
    expect(await check({ exp: now + 600, nbf: now + 30 })).toMatchObject({ ok: true })
    expect(await check({ exp: now + 600, nbf: now + 1 }, { clockSkewSeconds: 0 })).toMatchObject({
      reason: 'not-yet-valid',
    })
  })

  it('refuses a token issued in the future beyond the skew', async () => {
    expect(await check({ exp: now + 600, iat: now + 31 })).toMatchObject({ ok: false, reason: 'issued-in-future' })
    expect(await check({ exp: now + 600, iat: now + 5 })).toMatchObject({ ok: true })
    const unchecked = await verifyAccessToken(keys, signHs256({ exp: now + 600, iat: now + 999 }), {
      now,
      checkIssuedAt: false,
    })
    expect(unchecked).toMatchObject({ ok: true })
  })

  it('uses the role claim when it is a non-empty string, else anon', async () => {
    expect(await check({ exp: now + 60 })).toMatchObject({ ok: true, role: 'anon', isAnon: true })
    expect(await check({ exp: now + 60, role: '' })).toMatchObject({ role: 'anon', isAnon: true })
    expect(await check({ exp: now + 60, role: 42 })).toMatchObject({ role: 'anon', isAnon: true })
    expect(await check({ exp: now + 60, role: 'anon' })).toMatchObject({ role: 'anon', isAnon: true })
    expect(await check({ exp: now + 60, role: 'service_role' })).toMatchObject({ role: 'service_role', isAnon: false })
  })

  it('accepts a token without exp (PostgREST does)', async () => {
    expect(await check({ role: 'authenticated' })).toMatchObject({ ok: true, exp: undefined })
  })
})

// The token checks Realtime applies (RealtimeWeb.JwtVerification): Joken validates `exp` (a number in the future),
// `iat` (a number) and the tenant's JWT_CLAIM_VALIDATORS, which `supabase start` leaves empty — never `nbf`. So a
// token whose nbf lies in the future joins as on Realtime, while PostgREST and Storage refuse it.
import { describe, expect, it } from 'vitest'
import { JwtKeys, signHs256 } from '../../keys/jwt.ts'
import { checkToken } from './tokens.ts'

const keys = new JwtKeys()
const now = 2_000_000_000

describe('realtime token check', () => {
  it('accepts a token whose nbf is in the future, as Realtime validates only exp, iat and configured claims', async () => {
    const check = await checkToken(
      keys,
      signHs256({ role: 'authenticated', sub: 'u1', exp: now + 3600, nbf: now + 600 }),
      now,
    )
    expect(check).toMatchObject({ ok: true, exp: now + 3600 })
  })

  it('refuses an expired token and one without role or exp', async () => {
    expect(await checkToken(keys, signHs256({ role: 'authenticated', exp: now - 5 }), now)).toEqual({
      ok: false,
      failure: 'expired',
      expiredFor: 5,
    })
    expect(await checkToken(keys, signHs256({ exp: now + 60 }), now)).toEqual({ ok: false, failure: 'claims' })
    expect(await checkToken(keys, signHs256({ role: 'authenticated' }), now)).toEqual({ ok: false, failure: 'claims' })
  })
})

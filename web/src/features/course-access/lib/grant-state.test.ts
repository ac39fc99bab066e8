// The state shown for an invite link or access code, in the order the database checks when one is redeemed.
import { describe, expect, it } from 'vitest'
import { grantState, usesLabel } from './grant-state'

const now = new Date('2026-12-01T12:00:00Z')
const base = { revokedAt: null, expiresAt: '2026-12-15T12:00:00Z', uses: 0, maxUses: 1 }

describe('grantState', () => {
  it('is active while unexpired, unrevoked and with uses left', () => {
    expect(grantState(base, now)).toBe('active')
  })

  it('is active without an expiry or a use limit (access codes)', () => {
    expect(grantState({ ...base, expiresAt: null, maxUses: null, uses: 500 }, now)).toBe('active')
  })

  it('is used up once uses reach the limit', () => {
    expect(grantState({ ...base, uses: 1 }, now)).toBe('used_up')
  })

  it('is expired from the expiry on, even with uses left', () => {
    expect(grantState({ ...base, expiresAt: '2026-12-01T12:00:00Z' }, now)).toBe('expired')
  })

  it('says expired before used up, and revoked before both', () => {
    const spent = { ...base, uses: 1, expiresAt: '2026-11-01T00:00:00Z' }
    expect(grantState(spent, now)).toBe('expired')
    expect(grantState({ ...spent, revokedAt: '2026-11-02T00:00:00Z' }, now)).toBe('revoked')
  })
})

describe('usesLabel', () => {
  it('counts against the limit, or says there is none', () => {
    expect(usesLabel(0, 1)).toBe('0 of 1 use')
    expect(usesLabel(3, 10)).toBe('3 of 10 uses')
    expect(usesLabel(1, null)).toBe('1 use, no limit')
  })
})

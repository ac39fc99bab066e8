// Whether an invite link or an access code still lets people in, as the database decides when one is redeemed:
// revoked first, then expired, then used up (an expired code and an unknown one look alike to learners, but the
// instructor is told which).
export type GrantState = 'active' | 'expired' | 'used_up' | 'revoked'

export interface GrantLike {
  revokedAt: string | null
  expiresAt: string | null
  uses: number
  maxUses: number | null
}

export function grantState(grant: GrantLike, now: Date = new Date()): GrantState {
  if (grant.revokedAt) return 'revoked'
  if (grant.expiresAt && new Date(grant.expiresAt).getTime() <= now.getTime()) return 'expired'
  if (grant.maxUses !== null && grant.uses >= grant.maxUses) return 'used_up'
  return 'active'
}

export const grantStateLabels: Record<GrantState, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  revoked: 'Revoked',
}

/** "3 of 10 uses", "1 use, no limit". */
export function usesLabel(uses: number, maxUses: number | null): string {
  if (maxUses === null) return `${uses} ${uses === 1 ? 'use' : 'uses'}, no limit`
  return `${uses} of ${maxUses} ${maxUses === 1 ? 'use' : 'uses'}`
}

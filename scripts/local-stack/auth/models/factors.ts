// auth.mfa_factors and auth.mfa_challenges: factors with their TOTP secret or WebAuthn credential (in go-webauthn's
// JSON shape, so Supabase reads it after a restore), and challenges bound to the client address that asked.
import { newId } from '../crypto.ts'
import type { Queryable } from '../db.ts'

export interface FactorSecretRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp' | 'webauthn' | 'phone'
  status: 'verified' | 'unverified'
  secret: string | null
  web_authn_credential: StoredWebAuthnCredential | null
}

/** go-webauthn's webauthn.Credential as JSON ([]byte fields in standard base64). */
export interface StoredWebAuthnCredential {
  id: string
  publicKey: string
  attestationType: string
  transport: string[]
  flags: { userPresent: boolean; userVerified: boolean; backupEligible: boolean; backupState: boolean }
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string }
}

export interface ChallengeRow {
  id: string
  created_at: string
  verified_at: string | null
  ip_address: string
  otp_code: string | null
  web_authn_session_data: { challenge: string; type: 'create' | 'request' } | null
}

/** Unverified factors nobody challenged within `expirySeconds` of creation go away (GoTrue's DeleteExpiredFactors). */
export async function deleteExpiredFactors(db: Queryable, userId: string, expirySeconds: number): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $2) < now()`,
    [userId, expirySeconds],
  )
}

export async function insertFactor(
  db: Queryable,
  factor: {
    userId: string
    friendlyName: string
    type: 'totp' | 'webauthn' | 'phone'
    secret?: string
    phone?: string
  },
): Promise<string> {
  const id = newId()
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret,
       phone)
     values ($1, $2, $3, $4, 'unverified', now(), now(), $5, $6)`,
    [id, factor.userId, factor.friendlyName, factor.type, factor.secret ?? null, factor.phone ?? null],
  )
  return id
}

export async function findOwnedFactor(db: Queryable, userId: string, factorId: string) {
  const { rows } = await db.query<FactorSecretRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, web_authn_credential
     from auth.mfa_factors where user_id = $1 and id = $2`,
    [userId, factorId],
  )
  return rows[0]
}

/** A challenge for the factor from `ip`, stamping the factor's last_challenged_at as GoTrue does. */
export async function createChallenge(
  db: Queryable,
  factorId: string,
  ip: string,
  sessionData?: ChallengeRow['web_authn_session_data'],
): Promise<{ id: string; created_at: string }> {
  const id = newId()
  const { rows } = await db.query<{ created_at: string }>(
    `with c as (
       insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
       values ($1, $2, clock_timestamp(), $3::inet, $4) returning created_at
     ), f as (update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $2)
     select created_at from c`,
    [id, factorId, ip || '0.0.0.0', sessionData ?? null],
  )
  return { id, created_at: rows[0]!.created_at }
}

export async function findChallenge(db: Queryable, factorId: string, challengeId: string) {
  const { rows } = await db.query<ChallengeRow>(
    `select id, created_at, verified_at, host(ip_address) as ip_address, otp_code, web_authn_session_data
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId],
  )
  return rows[0]
}

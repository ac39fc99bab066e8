// TOTP factors and recovery codes of the signed-in user. Factors live in Auth (enroll, challenge and
// verify, unenroll); recovery codes in the database (create_recovery_codes needs an aal2 session and a
// verified factor; the codes are stored hashed and returned only once).
import type { Factor } from '@supabase/auth-js'
import type { SupabaseClient } from '@/lib/supabase'

export type TotpFactor = Pick<Factor, 'id' | 'friendly_name' | 'status' | 'created_at'>

export interface TotpEnrollment {
  factorId: string
  /** An SVG data URL of the otpauth:// URI. */
  qrCode: string
  /** The base32 secret, for typing into an app by hand. */
  secret: string
}

/** All the user's TOTP factors, verified or not (an unverified one is an abandoned enrollment). */
export async function listTotpFactors(client: SupabaseClient): Promise<TotpFactor[]> {
  const { data, error } = await client.auth.mfa.listFactors()
  if (error) throw error
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map(({ id, friendly_name, status, created_at }) => ({ id, friendly_name, status, created_at }))
}

/**
 * Starts a TOTP enrollment. Unverified factors left by an abandoned attempt are removed first: they would
 * hold on to their name, and a new attempt must be able to reuse it.
 */
export async function enrollTotp(client: SupabaseClient, friendlyName: string): Promise<TotpEnrollment> {
  await discardUnverifiedTotp(client)
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
}

/** Verifies a code of a new (or existing) factor; the session becomes aal2. */
export async function verifyTotp(client: SupabaseClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

/** Removes the TOTP factors whose enrollment was never finished. */
export async function discardUnverifiedTotp(client: SupabaseClient): Promise<void> {
  const factors = await listTotpFactors(client)
  for (const factor of factors.filter((f) => f.status === 'unverified')) {
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id })
    if (error) throw error
  }
}

export async function unenrollFactor(client: SupabaseClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) throw error
  // Removing a verified factor lowers the session's level; refresh so the token says so.
  await client.auth.refreshSession()
}

/** A new set of ten one-time recovery codes, replacing any earlier set. */
export async function createRecoveryCodes(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client.rpc('create_recovery_codes')
  if (error) throw error
  return data ?? []
}

/** How many recovery codes are unused; null when the user never generated any. */
export async function countRecoveryCodesLeft(client: SupabaseClient): Promise<number | null> {
  const { data, error } = await client.rpc('recovery_codes_left')
  if (error) throw error
  return data ?? null
}

// Second-factor calls for sign-in and step-up: the user's verified TOTP factors and passkeys, a TOTP code check
// (challenge + verify, which makes the session aal2), whether this session still owes its second factor, passkey
// sign-in, and the lost-device path (the mfa-recovery function). Each takes the client first and throws.
import type { Session } from '@supabase/supabase-js'
import { readFunctionError } from '@/lib/errors'
import type { SupabaseClient } from '@/lib/supabase'

export interface TotpFactor {
  id: string
  /** The name the user gave it, or a numbered default. */
  name: string
}

/** The user's verified TOTP factors, oldest first. */
export async function verifiedTotpFactors(client: SupabaseClient): Promise<TotpFactor[]> {
  const { data, error } = await client.auth.mfa.listFactors()
  if (error) throw error
  return data.totp
    .filter((factor) => factor.status === 'verified')
    .map((factor, index) => ({ id: factor.id, name: factor.friendly_name?.trim() || `Authenticator app ${index + 1}` }))
}

/** Whether the user has at least one passkey. */
export async function hasPasskey(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.passkey.list()
  if (error) throw error
  return data.length > 0
}

/** Checks a 6-digit code against a TOTP factor; on success the session is aal2. */
export async function verifyTotpCode(client: SupabaseClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

/** Signs in with a passkey (discoverable credential); `conditional` waits in the browser's autofill instead. */
export async function signInWithPasskey(
  client: SupabaseClient,
  options: { conditional?: boolean; signal?: AbortSignal } = {},
): Promise<Session> {
  const { data, error } = await client.auth.signInWithPasskey({
    options: {
      ...(options.conditional ? { mediation: 'conditional' as const } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  })
  if (error) throw error
  if (!data.session) throw new Error('Passkey sign-in answered without a session')
  return data.session
}

/** The relying party ID passkeys are bound to (config.toml's [auth.webauthn] rp_id), as Auth's options name it. */
export async function passkeyRelyingParty(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.auth.passkey.startAuthentication()
  if (error) throw error
  const rpId = (data.options as { rpId?: unknown }).rpId
  return typeof rpId === 'string' ? rpId : ''
}

/**
 * Confirms the signed-in user with one of their passkeys. The ceremony signs in afresh (a passkey session counts
 * as aal2); when the passkey chosen belongs to someone else, the earlier session is put back and this throws
 * `passkey_other_account`.
 */
export async function confirmWithPasskey(client: SupabaseClient): Promise<void> {
  const { data: before } = await client.auth.getSession()
  const previous = before.session
  const session = await signInWithPasskey(client)
  if (previous && session.user.id !== previous.user.id) {
    await client.auth.signOut({ scope: 'local' })
    await client.auth.setSession({ access_token: previous.access_token, refresh_token: previous.refresh_token })
    throw { code: 'passkey_other_account', message: 'That passkey belongs to another account.' }
  }
}

/** Spends a recovery code: every factor of the user is removed; the session is refreshed to match. */
export async function spendRecoveryCode(client: SupabaseClient, code: string): Promise<number> {
  const { data, error } = await client.functions.invoke<{ factors_removed: number }>('mfa-recovery', {
    body: { code },
  })
  if (error) throw await readFunctionError(error)
  const { error: refreshError } = await client.auth.refreshSession()
  if (refreshError) throw refreshError
  return data?.factors_removed ?? 0
}

export { owesSecondFactor } from './owes-second-factor'

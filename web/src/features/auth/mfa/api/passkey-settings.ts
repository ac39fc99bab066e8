// Whether Auth offers passkey sign-in (`passkey_enabled` of /auth/v1/settings, from config.toml's [auth.passkey]),
// and whether this browser can do WebAuthn at all (and its autofill, "conditional UI").
import { queryOptions } from '@tanstack/react-query'
import { supabasePublishableKey, supabaseUrl } from '@/lib/supabase'

export async function passkeysEnabled(): Promise<boolean> {
  const response = await fetch(
    new URL('auth/v1/settings', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`),
    {
      headers: { apikey: supabasePublishableKey },
    },
  )
  if (!response.ok) throw new Error(`Auth settings answered ${response.status}`)
  const settings = (await response.json()) as { passkey_enabled?: unknown }
  return settings.passkey_enabled === true
}

export const passkeySettingsQuery = queryOptions({
  queryKey: ['auth', 'settings', 'passkey'] as const,
  queryFn: passkeysEnabled,
  staleTime: 5 * 60_000,
})

export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials
}

export async function conditionalMediationAvailable(): Promise<boolean> {
  if (!browserSupportsPasskeys()) return false
  const check = window.PublicKeyCredential.isConditionalMediationAvailable
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false
}

/**
 * The relying party a passkey failed for when it failed because this page's host cannot use it (a passkey is bound
 * to its relying party ID, e.g. `localhost`; 127.0.0.1 or another host cannot use it). Undefined for other errors;
 * `''` when the host is wrong but the relying party is not named.
 */
export function passkeyHostProblem(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown }
  if (code === 'ERROR_INVALID_RP_ID' || code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') {
    const named = typeof message === 'string' ? /RP ID "([^"]+)"/.exec(message) : null
    return named?.[1] ?? ''
  }
  return undefined
}

/** A passkey ceremony that was cancelled or replaced rather than failed: nothing to tell the user. */
export function passkeyCeremonyAborted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, name } = error as { code?: unknown; name?: unknown }
  return code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError'
}

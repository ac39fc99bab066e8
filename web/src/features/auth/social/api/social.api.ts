// Social sign-in through Supabase Auth's OAuth flow with PKCE. The app's own client keeps the implicit flow (email
// links must work in any browser), so the provider flow runs on a second auth-js client with flowType "pkce" and
// its own storage key: it keeps the code verifier across the trip to the provider, exchanges the `?code=` Auth
// sends back to /auth/callback, and hands the session to the app's client. auth-js loads only when a flow starts
// or ends here.
import type { GoTrueClient } from '@supabase/auth-js'
import { supabase, supabasePublishableKey, supabaseUrl } from '@/lib/supabase'
import { callbackUrl } from '../../api/auth.api'
import type { SocialProviderInfo } from '../providers'

const base = new URL(supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`)
const authUrl = new URL('auth/v1', base).href
/** Apart from the app's session key (sb-<host>-auth-token), so the two clients never read each other's state. */
const storageKey = `sb-${base.hostname.split('.')[0]}-oauth-pkce`

let pkceClient: Promise<GoTrueClient> | undefined

function oauthClient(): Promise<GoTrueClient> {
  pkceClient ??= import('@supabase/auth-js').then(
    ({ AuthClient }) =>
      new AuthClient({
        url: authUrl,
        headers: { Authorization: `Bearer ${supabasePublishableKey}`, apikey: supabasePublishableKey },
        storageKey,
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      }),
  )
  return pkceClient
}

/** What Auth's /settings says about the providers: `external.<name>` flags. */
export async function fetchAuthProviders(): Promise<Record<string, unknown>> {
  const response = await fetch(`${authUrl}/settings`, { headers: { apikey: supabasePublishableKey } })
  if (!response.ok) throw new Error(`Auth settings answered ${response.status}`)
  const settings = (await response.json()) as { external?: Record<string, unknown> }
  return settings.external ?? {}
}

/** Starts the provider flow: the browser leaves for Auth's /authorize, then the provider. */
export async function startSocialSignIn(info: SocialProviderInfo, redirect?: string): Promise<void> {
  const client = await oauthClient()
  const { data, error } = await client.signInWithOAuth({
    provider: info.provider,
    options: { redirectTo: callbackUrl(redirect), scopes: info.scopes, skipBrowserRedirect: true },
  })
  if (error) throw error
  window.location.assign(data.url)
}

/** Whether this /auth/callback URL is the end of a provider flow started in this browser (a code and a verifier). */
export function isSocialReturn(href: string): boolean {
  if (!new URL(href).searchParams.get('code')) return false
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith(`${storageKey}-code-verifier`)) return true
    }
  } catch {
    return false
  }
  return false
}

/** Exchanges the code for a session and gives it to the app's client; the PKCE client keeps nothing. */
export async function completeSocialSignIn(code: string): Promise<void> {
  const client = await oauthClient()
  const { data, error } = await client.exchangeCodeForSession(code)
  try {
    window.localStorage.removeItem(storageKey)
  } catch {
    // storage unavailable: nothing was kept either
  }
  if (error) throw error
  const { error: setError } = await supabase.auth.setSession({
    access_token: data.session.access_token,
    refresh_token: data.session.refresh_token,
  })
  if (setError) throw setError
  const url = new URL(window.location.href)
  url.searchParams.delete('code')
  url.searchParams.delete('sb_flow_id')
  window.history.replaceState(window.history.state, '', url.toString())
}

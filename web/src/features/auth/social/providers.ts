// The social sign-in providers the app offers, in the order the buttons show, and how each is asked for: Google and
// GitHub as Supabase Auth names them, and a school's own OpenID provider configured as Auth's Keycloak-style
// provider (its label from VITE_AUTH_KEYCLOAK_LABEL, "Summit ID" by default). A button shows only while Auth's
// /settings reports the provider enabled (`external.<name>` true).
export type SocialProvider = 'google' | 'github' | 'keycloak'

export interface SocialProviderInfo {
  provider: SocialProvider
  label: string
  /** Extra scopes: Keycloak's userinfo answers only to a token with the openid scope. */
  scopes?: string
}

const keycloakLabel = (import.meta.env.VITE_AUTH_KEYCLOAK_LABEL as string | undefined) || 'Summit ID'

export const socialProviders: readonly SocialProviderInfo[] = [
  { provider: 'google', label: 'Google' },
  { provider: 'github', label: 'GitHub' },
  { provider: 'keycloak', label: keycloakLabel, scopes: 'openid' },
]

/** The providers `/settings` reports enabled, in the app's order. */
export function enabledProviders(external: Record<string, unknown> | undefined): SocialProviderInfo[] {
  return socialProviders.filter((info) => external?.[info.provider] === true)
}

// GET /health, /settings and /.well-known/jwks.json: what GoTrue answers without any credentials.
import { autoconfirm } from '../context.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendJson } from '../http/response.ts'

export const gotrueVersion = 'v2.189.0'

/** The OAuth providers GoTrue's /settings lists (and its /authorize knows). */
export const oauthProviders = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'nextcloud',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
]

export const health: AuthHandler = async (context, { res }) => {
  sendJson(res, 200, {
    version: gotrueVersion,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  })
}

export const settings: AuthHandler = async (context, { res }) => {
  const { settings } = context
  // Every flag is the config.toml setting the CLI turns into GoTrue's env: [auth.external.<name>] enabled,
  // [auth.email] / [auth.sms] enable_signup, the first enabled [auth.sms.<provider>].
  const external: Record<string, boolean> = { anonymous_users: settings.enableAnonymousSignIns }
  for (const provider of oauthProviders) external[provider] = settings.external[provider] ?? false
  external.email = settings.email.enableSignup
  external.phone = settings.sms.enableSignup
  sendJson(res, 200, {
    external,
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: autoconfirm(context),
    phone_autoconfirm: !settings.sms.enableConfirmations,
    sms_provider: settings.sms.provider,
    saml_enabled: false,
    passkey_enabled: settings.passkey.enabled,
  })
}

export const jwks: AuthHandler = async (context, { res }) => {
  sendJson(res, 200, context.keys.jwks(), { 'cache-control': 'public, max-age=600' })
}

// [auth.hook.*] of supabase/config.toml as the CLI hands them to GoTrue (GOTRUE_HOOK_<NAME>_ENABLED, _URI, _SECRETS)
// and as GoTrue checks them at start: a hook that is on needs a URI GoTrue accepts, or Auth does not start.
// Only the hooks the local stack runs are read: password and MFA verification attempts.

/** One enabled hook: a Postgres function (`pg-functions://postgres/<schema>/<function>`) or an HTTP endpoint. */
export type AuthHook =
  { kind: 'pg-function'; uri: string; schema: string; name: string } | { kind: 'http'; uri: string; secrets: string[] }

export interface AuthHookSettings {
  passwordVerificationAttempt: AuthHook | undefined
  mfaVerificationAttempt: AuthHook | undefined
}

type Table = Record<string, unknown>

// GoTrue's postgresNamesRegexp: what the schema and function parts of a pg-functions URI may be.
const postgresName = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/
// GoTrue's symmetric ("v1,whsec_<base64>") and asymmetric ("v1a,whpk_…:whsk_…") secret formats.
// (The symmetric one is anchored at the start only, as GoTrue's is.)
const secretFormats = [/^v1,whsec_[A-Za-z0-9+/=]{32,88}/, /^v1a,whpk_[A-Za-z0-9+/=]{44,}:whsk_[A-Za-z0-9+/=]{44,}$/]

function section(parent: Table, key: string): Table {
  const found = parent[key]
  return found !== null && typeof found === 'object' && !Array.isArray(found) ? (found as Table) : {}
}

function text(parent: Table, key: string, where: string): string {
  const found = parent[key] ?? ''
  if (typeof found !== 'string') throw new Error(`supabase/config.toml: "${where}.${key}" should be a string`)
  return found
}

/** The CLI replaces `env(NAME)` with that environment variable when it is set. */
function fromEnv(value: string, env: NodeJS.ProcessEnv): string {
  const match = /^env\((.*)\)$/.exec(value)
  const found = match ? env[match[1] ?? ''] : undefined
  return found ? found : value
}

export function authHookFrom(hooks: Table, key: string, env: NodeJS.ProcessEnv = process.env): AuthHook | undefined {
  const where = `auth.hook.${key}`
  const hook = section(hooks, key)
  const enabled = hook.enabled ?? false
  if (typeof enabled !== 'boolean') throw new Error(`supabase/config.toml: "${where}.enabled" should be a boolean`)
  if (!enabled) return undefined
  const uri = text(hook, 'uri', where)
  if (uri === '') throw new Error(`supabase/config.toml: "${where}.uri" is required when the hook is enabled`)
  const secrets = fromEnv(text(hook, 'secrets', where), env)
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    throw new Error(`supabase/config.toml: "${where}.uri" is not a URI: ${uri}`)
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase()
  if (scheme === 'pg-functions') {
    if (secrets !== '') throw new Error(`supabase/config.toml: "${where}.secrets" is unsupported for pg-functions`)
    const [, schema = '', name = ''] = parsed.pathname.split('/')
    if (!postgresName.test(schema))
      throw new Error(`supabase/config.toml: "${where}.uri": invalid schema name: ${schema}`)
    if (!postgresName.test(name)) throw new Error(`supabase/config.toml: "${where}.uri": invalid table name: ${name}`)
    return { kind: 'pg-function', uri, schema, name }
  }
  if (scheme === 'http' || scheme === 'https') {
    const host = parsed.hostname
    if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]', 'host.docker.internal'].includes(host)) {
      throw new Error(
        `supabase/config.toml: "${where}.uri": only localhost, 127.0.0.1, and ::1 are supported with http`,
      )
    }
    // GoTrue takes several secrets separated by "|".
    const list = secrets.split('|').filter((secret) => secret !== '')
    if (list.some((secret) => !secretFormats.some((format) => format.test(secret)))) {
      throw new Error(`supabase/config.toml: "${where}.secrets": invalid secret format`)
    }
    return { kind: 'http', uri, secrets: list }
  }
  throw new Error(
    `supabase/config.toml: "${where}.uri": only postgres hooks and HTTPS functions are supported at the moment`,
  )
}

export function authHookSettingsFrom(auth: Table, env: NodeJS.ProcessEnv = process.env): AuthHookSettings {
  const hooks = section(auth, 'hook')
  return {
    passwordVerificationAttempt: authHookFrom(hooks, 'password_verification_attempt', env),
    mfaVerificationAttempt: authHookFrom(hooks, 'mfa_verification_attempt', env),
  }
}

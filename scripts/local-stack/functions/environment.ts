// The environment a function sees, as `supabase functions serve` builds it: supabase/functions/.env, then the
// platform's SUPABASE_URL, keys, database URL and JWKS (the CLI adds the JWT secret to it as an `oct` key). Where
// the CLI's functions would reach Mailpit's SMTP inside Docker, these reach the inbox's SMTP listener (smtpEnv).
import path from 'node:path'
import type { JwtKeys } from '../keys/jwt.ts'
import { anonKey, jwtSecret, publishableKey, secretKey, serviceRoleKey } from '../keys/index.ts'
import { readEnvFile } from './env-file.ts'

export interface Platform {
  apiUrl: string
  dbUrl: string
  keys: JwtKeys
  config: { projectId: string }
  /** Where the inbox accepts SMTP, when it does. */
  smtp?: { host: string; port: number }
}

export function functionEnv(
  functionsDir: string,
  platform: Platform,
  log: (line: string) => void,
): Record<string, string> {
  const file = readEnvFile(path.join(functionsDir, '.env'))
  file.warnings.forEach(log)
  const jwks = { keys: [...platform.keys.jwks().keys, { kty: 'oct', k: Buffer.from(jwtSecret).toString('base64url') }] }
  return {
    ...file.values,
    ...smtpEnv(file.values, platform.smtp, platform.config.projectId),
    SUPABASE_URL: platform.apiUrl,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    SUPABASE_DB_URL: platform.dbUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
    SUPABASE_JWKS: JSON.stringify(jwks),
  }
}

/**
 * SMTP_HOST and SMTP_PORT pointing at the inbox: when .env names no SMTP server, or names the CLI's Mailpit container
 * (`supabase_inbucket_<project_id>`, network alias `inbucket`), which is what the inbox stands in for. A .env that
 * names another server keeps it. Nothing when the inbox has no SMTP listener.
 */
export function smtpEnv(
  values: Record<string, string>,
  smtp: Platform['smtp'],
  projectId: string,
): Record<string, string> {
  if (!smtp) return {}
  const named = values.SMTP_HOST?.trim().toLowerCase() ?? ''
  if (named !== '' && named !== `supabase_inbucket_${projectId}`.toLowerCase() && named !== 'inbucket') return {}
  return { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) }
}

// The environment a function sees, as `supabase functions serve` builds it: supabase/functions/.env, then the
// platform's SUPABASE_URL, keys, database URL and JWKS (the CLI adds the JWT secret to it as an `oct` key).
import path from 'node:path'
import type { JwtKeys } from '../keys/jwt.ts'
import { anonKey, jwtSecret, publishableKey, secretKey, serviceRoleKey } from '../keys/index.ts'
import { readEnvFile } from './env-file.ts'

export function functionEnv(
  functionsDir: string,
  platform: { apiUrl: string; dbUrl: string; keys: JwtKeys },
  log: (line: string) => void,
): Record<string, string> {
  const file = readEnvFile(path.join(functionsDir, '.env'))
  file.warnings.forEach(log)
  const jwks = { keys: [...platform.keys.jwks().keys, { kty: 'oct', k: Buffer.from(jwtSecret).toString('base64url') }] }
  return {
    ...file.values,
    SUPABASE_URL: platform.apiUrl,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    SUPABASE_DB_URL: platform.dbUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
    SUPABASE_JWKS: JSON.stringify(jwks),
  }
}

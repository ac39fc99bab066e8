// Everything a route handler needs, built once per service: settings, database pool, JWT keys, the issuer URL,
// email delivery, the password hasher and the rate limiters.
import type pg from 'pg'
import type { StackConfig } from '../config/index.ts'
import type { OutgoingEmail } from '../inbox/index.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import type { PasswordHasher } from './passwords/hasher.ts'
import type { RateLimits } from './rate-limit.ts'

export type AuthSettingsAll = StackConfig['auth']

export interface AuthContext {
  settings: AuthSettingsAll
  db: pg.Pool
  keys: JwtKeys
  /** `${apiUrl}/auth/v1`: the `iss` claim and the base of emailed links (GoTrue's API_EXTERNAL_URL). */
  externalUrl: string
  sendEmail: (email: OutgoingEmail) => Promise<void>
  hasher: PasswordHasher
  limits: RateLimits
  /** Audience of user tokens and of new users (GOTRUE_JWT_AUD). */
  aud: string
  /** Roles whose JWTs may call the admin API (GOTRUE_JWT_ADMIN_ROLES). */
  adminRoles: string[]
  /** Seconds a PKCE flow state, MFA challenge or WebAuthn challenge stays valid (GoTrue's defaults: 5 minutes). */
  flowStateExpiry: number
  challengeExpiry: number
  /** Unverified MFA factors older than this are removed on enrolment (GoTrue's default: 5 minutes). */
  factorExpiry: number
  maxPasskeysPerUser: number
  maxVerifiedFactors: number
  /** statement_timeout of a Postgres-function hook (GoTrue's hookspgfunc default: 2 s). */
  hookTimeoutMs: number
}

/** Whether confirmation emails are skipped (GOTRUE_MAILER_AUTOCONFIRM = !enable_confirmations). */
export function autoconfirm(context: AuthContext): boolean {
  return !context.settings.enableConfirmations
}

// The Auth service of the local stack: GoTrue v2.189's HTTP API as auth-js 2.119 uses it, mounted by the gateway at
// /auth/v1, over the real auth schema. This file wires the pieces (database pool, password hasher, rate limits,
// routes) and turns every failure into GoTrue's error response.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StackConfig } from '../config/index.ts'
import type { Service } from '../http/service.ts'
import type { OutgoingEmail } from '../inbox/types.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import type { AuthContext } from './context.ts'
import { createPool } from './db.ts'
import { AuthError, sendError, unprocessable, type ErrorLog } from './errors.ts'
import { AuthRequest, clientAddress } from './http/request.ts'
import { echoApiVersion } from './http/response.ts'
import { Router } from './http/router.ts'
import { FailedPasswordAttempts } from './passwords/attempts.ts'
import { PasswordHasher } from './passwords/hasher.ts'
import { RateLimits } from './rate-limit.ts'
import { adminFactorRoutes } from './routes/admin-factors.ts'
import { adminLinkRoutes } from './routes/admin-links.ts'
import { adminUserRoutes } from './routes/admin-users.ts'
import { factorRoutes } from './routes/factors.ts'
import { healthRoutes } from './routes/health.ts'
import { otpRoutes } from './routes/otp.ts'
import { passkeyRoutes } from './routes/passkeys.ts'
import { signupRoutes } from './routes/signup.ts'
import { tokenRoutes } from './routes/token.ts'
import { unsupportedRoutes } from './routes/unsupported.ts'
import { userRoutes } from './routes/user.ts'
import { verifyRoutes } from './routes/verify.ts'

export interface AuthServiceOptions {
  config: StackConfig
  /** Superuser URL of the database; the service logs in as supabase_auth_admin on the same server. */
  dbUrl: string
  keys: JwtKeys
  /** The gateway's URL, e.g. http://127.0.0.1:54321: the issuer is `${apiUrl}/auth/v1`. */
  apiUrl: string
  sendEmail: (email: OutgoingEmail) => Promise<void>
  /** Where unexpected failures (never input errors) are reported; stderr by default. */
  log?: ErrorLog
}

export function createAuthService(options: AuthServiceOptions): Service {
  const settings = options.config.auth
  const context: AuthContext = {
    settings,
    db: createPool(options.dbUrl),
    keys: options.keys,
    externalUrl: `${options.apiUrl.replace(/\/+$/, '')}/auth/v1`,
    sendEmail: options.sendEmail,
    hasher: new PasswordHasher(),
    limits: new RateLimits(settings.rateLimit),
    attempts: new FailedPasswordAttempts(),
    aud: 'authenticated',
    adminRoles: ['service_role', 'supabase_admin'],
    flowStateExpiry: 300,
    challengeExpiry: 300,
    factorExpiry: 300,
    maxPasskeysPerUser: 10,
    maxVerifiedFactors: 10,
  }
  const router = new Router()
  healthRoutes(router, context)
  signupRoutes(router, context)
  tokenRoutes(router, context)
  verifyRoutes(router, context)
  otpRoutes(router, context)
  userRoutes(router, context)
  factorRoutes(router, context)
  adminUserRoutes(router, context)
  adminLinkRoutes(router, context)
  adminFactorRoutes(router, context)
  if (settings.passkey.enabled) passkeyRoutes(router, context)
  unsupportedRoutes(router)

  // Requests still running when the service stops finish before the pool closes under them.
  let active = 0
  let drained: (() => void) | undefined

  return {
    name: 'auth',
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      active += 1
      try {
        const key = (settings.rateLimitHeader && headerValue(req, settings.rateLimitHeader)) || clientAddress(req)
        const request = new AuthRequest(req, res, path, key)
        echoApiVersion(request)
        const match = router.match(request.method, request.pathname)
        if (match === undefined) return notFoundPage(res)
        if (match === 'method-not-allowed') return methodNotAllowed(res)
        request.params = match.params
        await match.handler(request)
      } catch (error) {
        sendError(req, res, fromDatabase(error), options.log)
      } finally {
        active -= 1
        if (active === 0) drained?.()
      }
    },
    async stop() {
      if (active > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise((resolve) => setTimeout(resolve, 5000).unref()),
        ])
      }
      await context.hasher.close()
      await context.db.end()
    },
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value) || undefined
}

/** Unique violations from races (two sign-ups with one address at once) answer as GoTrue's duplicate errors. */
function fromDatabase(error: unknown): unknown {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
  if (error instanceof AuthError || code !== '23505') return error
  if (constraint === 'users_email_partial_key' || constraint === 'identities_provider_id_provider_unique') {
    return unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  if (constraint === 'users_phone_key')
    return unprocessable('phone_exists', 'Phone number already registered by another user')
  if (constraint === 'mfa_factors_user_friendly_name_unique') {
    return unprocessable('mfa_factor_name_conflict', 'A factor with this friendly name for this user already exists')
  }
  return unprocessable('user_already_exists', 'User already registered')
}

// GoTrue's router answers unknown paths and methods like Go's net/http: plain text 404, empty 405.
function notFoundPage(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
  res.end('404 page not found\n')
}

function methodNotAllowed(res: ServerResponse): void {
  res.writeHead(405)
  res.end()
}

// The Auth service of the local stack: GoTrue v2.189's HTTP API as auth-js 2.119 uses it, mounted by the gateway at
// /auth/v1, over the real auth schema. This file wires the pieces (database pool, password hasher, rate limits,
// routes) and turns every failure into GoTrue's error response.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StackConfig } from '../config/index.ts'
import type { Service } from '../http/service.ts'
import type { OutgoingEmail } from '../inbox/index.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import type { AuthContext } from './context.ts'
import { isConnectionError } from '../db/pools.ts'
import { BodyAbortedError } from '../http/body.ts'
import { isMethodNotAllowed } from '../http/router.ts'
import { createAuthPool } from './db.ts'
import { AuthError, sendError, unprocessable, type ErrorLog } from './errors.ts'
import { pgFunctionHookTimeoutMs } from './hooks/dispatch.ts'
import { AuthRequest } from './http/request.ts'
import { echoApiVersion } from './http/response.ts'
import { PasswordHasher } from './passwords/hasher.ts'
import { RateLimits } from './rate-limit.ts'
import { authRouter, type AuthGate, type AuthRouteOptions } from './routes/table.ts'
import {
  authenticate,
  authenticateNotAnonymous,
  authenticatePasskeyManager,
  requireAdmin,
  type Caller,
} from './tokens/authenticate.ts'

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
    db: createAuthPool(options.dbUrl, { log: options.log }),
    keys: options.keys,
    externalUrl: `${options.apiUrl.replace(/\/+$/, '')}/auth/v1`,
    sendEmail: options.sendEmail,
    hasher: new PasswordHasher(),
    limits: new RateLimits(settings.rateLimit),
    aud: 'authenticated',
    adminRoles: ['service_role', 'supabase_admin'],
    flowStateExpiry: 300,
    challengeExpiry: 300,
    factorExpiry: 300,
    maxPasskeysPerUser: 10,
    maxVerifiedFactors: 10,
    hookTimeoutMs: pgFunctionHookTimeoutMs,
  }
  const router = authRouter(context)

  // Requests still running when the service stops finish before the pool closes under them.
  let active = 0
  let drained: (() => void) | undefined

  return {
    name: 'auth',
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      active += 1
      try {
        // GoTrue keys per-client limits only on RATE_LIMIT_HEADER; without it (or without a value) none apply.
        const key = settings.rateLimitHeader ? headerValue(req, settings.rateLimitHeader) : undefined
        const request = new AuthRequest(req, res, path, key)
        echoApiVersion(request)
        const match = router.match(request.method, request.pathname)
        if (match === undefined) return notFoundPage(res)
        if (isMethodNotAllowed(match)) return methodNotAllowed(res, match.methodNotAllowed)
        request.params = match.params
        const routeOptions = match.options as AuthRouteOptions
        const caller = await gates[routeOptions.auth](context, request)
        if (caller) request.setCaller(caller)
        if (routeOptions.rateLimit) context.limits.enforce(routeOptions.rateLimit, request.clientKey)
        await match.handler(context, request)
      } catch (error) {
        // A client that hung up mid-body has no one to answer.
        if (error instanceof BodyAbortedError) return
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

/** The auth gates routes name in the table; user gates hand the caller to the handler. */
const gates: Record<AuthGate, (context: AuthContext, request: AuthRequest) => Promise<Caller | undefined>> = {
  none: async () => undefined,
  user: authenticate,
  mfa: authenticateNotAnonymous,
  passkey: authenticatePasskeyManager,
  admin: async (context, request) => {
    await requireAdmin(context, request)
    return undefined
  },
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value) || undefined
}

/** Unique violations from races (two sign-ups with one address at once) answer as GoTrue's duplicate errors. */
function fromDatabase(error: unknown): unknown {
  // The database is away (restarting, killed): 503 in GoTrue's error shape; the pool reconnects by itself.
  if (!(error instanceof AuthError) && isConnectionError(error)) {
    return new AuthError(
      503,
      'unexpected_failure',
      'Database is unavailable, please try again later',
      {},
      { cause: error },
    )
  }
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

// GoTrue v2.189 sets no NotFound or MethodNotAllowed handler on its chi (v5.2.4) router, so unknown paths get
// net/http's http.NotFound (plain text, nosniff) and a known path with another method chi's empty 405 with one Allow
// header per method the path has.
function notFoundPage(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
  res.end('404 page not found\n')
}

function methodNotAllowed(res: ServerResponse, allowed: string[]): void {
  res.setHeader('allow', allowed)
  res.writeHead(405)
  res.end()
}

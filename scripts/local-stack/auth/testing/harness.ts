// Test harness for the Auth service: the service behind a tiny HTTP server mounted at /auth/v1 (as the gateway
// mounts it), an inbox on a free port, supabase-js clients for anon and service_role, and helpers to read emails.
// Rate limits are raised unless a test asks for the configured ones, since a suite makes hundreds of calls from one
// address; the rate-limit tests use the real numbers.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import bcrypt from 'bcryptjs'
import { loadConfig, type StackConfig } from '../../config/index.ts'
import { Inbox } from '../../inbox/index.ts'
import type { Message } from '../../inbox/store.ts'
import { anonKey, serviceRoleKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { createAuthService } from '../index.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'
import { serveMounted } from '../../testing/serve-mounted.ts'

export interface Harness {
  url: string
  authUrl: string
  inbox: Inbox
  config: StackConfig
  keys: JwtKeys
  anon(): SupabaseClient
  /** An anon client using the PKCE flow (the code verifier kept in its memory storage). */
  pkce(): SupabaseClient
  admin(): SupabaseClient
  /** Raw fetch against /auth/v1 with auth-js's API version header unless `headers` says otherwise. */
  call(path: string, init?: RequestInit): Promise<Response>
  /** The newest email to `to` (waiting briefly for it), optionally of a kind. */
  email(to: string, type?: string): Promise<Message>
  stop(): Promise<void>
}

export function testDbUrl(): string | undefined {
  return process.env.SUMMIT_TEST_DB_URL || undefined
}

const generousLimits = {
  emailSent: 100_000,
  smsSent: 100_000,
  anonymousUsers: 100_000,
  tokenRefresh: 1_000_000,
  signInSignUps: 1_000_000,
  tokenVerifications: 1_000_000,
  web3: 100_000,
}

export async function startHarness(
  configure: (config: StackConfig) => void = () => {},
  /**
   * dbUrl: another database than SUMMIT_TEST_DB_URL; databaseOutages: 503s (database away) are expected;
   * expectedServerErrors: requests ("POST /auth/v1/otp") whose 500 is GoTrue's own answer (no SMS provider).
   */
  options: { realRateLimits?: boolean; dbUrl?: string; databaseOutages?: boolean; expectedServerErrors?: RegExp } = {},
): Promise<Harness> {
  const config = structuredClone(loadConfig())
  if (!options.realRateLimits) config.auth.rateLimit = { ...generousLimits }
  // GoTrue's own subjects and bodies, which these tests read; the project's templates are tested in auth/mail.
  config.auth.email.templates = {}
  configure(config)
  const keys = new JwtKeys(config.auth.signingKeysPath)
  const inbox = new Inbox({ port: 0 })
  await inbox.start()
  // The service needs the server's port for its issuer, so it is created once the server listens.
  const mounted: { service?: ReturnType<typeof createAuthService> } = {}
  const serverErrors: string[] = []
  const server = await serveMounted('/auth/v1', () => mounted.service, {
    onResponse: (req, res) => {
      const expected =
        (options.databaseOutages && res.statusCode === 503) ||
        (res.statusCode === 500 && options.expectedServerErrors?.test(`${req.method} ${req.url}`))
      if (res.statusCode >= 500 && !expected) serverErrors.push(`${req.method} ${req.url} → ${res.statusCode}`)
    },
  })
  const url = server.url
  const service = createAuthService({
    config,
    dbUrl: options.dbUrl ?? testDbUrl() ?? '',
    keys,
    apiUrl: url,
    sendEmail: (email) => inbox.deliver(email),
  })
  mounted.service = service
  const client = (key: string, flowType: 'implicit' | 'pkce' = 'implicit') =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
      // Node 20 has no WebSocket and these tests never open a realtime channel; supabase-js only needs a class.
      realtime: { transport: NoWebSocket as never },
    })
  return {
    url,
    authUrl: `${url}/auth/v1`,
    inbox,
    config,
    keys,
    call: (path, init = {}) =>
      fetch(`${url}/auth/v1${path}`, {
        ...init,
        headers: {
          'x-supabase-api-version': '2024-01-01',
          apikey: anonKey,
          ...(init.headers as Record<string, string>),
        },
      }),
    anon: () => client(anonKey),
    pkce: () => client(anonKey, 'pkce'),
    admin: () => client(serviceRoleKey),
    async email(to, type) {
      for (let i = 0; i < 50; i++) {
        const found = inbox.messages().find((m) => m.To[0]?.Address === to && (!type || m.Type === type))
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`no ${type ?? ''} email to ${to}`)
    },
    async stop() {
      await server.close()
      await service.stop?.()
      await inbox.stop()
      // Whatever a suite sent, the service must never have answered with a server error.
      if (serverErrors.length > 0) throw new Error(`server errors: ${serverErrors.join('; ')}`)
    },
  }
}

let counter = 0
/** An address no other test (or suite sharing the database) uses. */
export function uniqueEmail(label = 'user'): string {
  counter += 1
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}

/** The code in an email GoTrue's default templates render ("enter the code: 123456"). */
export function codeIn(message: Message): string {
  const code = /code:\s*(\d{6,10})/.exec(message.Text)?.[1]
  if (!code) throw new Error(`no code in email: ${message.Text}`)
  return code
}

/** The first link to /auth/v1/verify in an email. */
export function verifyLinkIn(message: Message): string {
  const link = /href="([^"]*\/verify\?[^"]*)"/.exec(message.HTML)?.[1]
  if (!link) throw new Error(`no verify link in email: ${message.HTML}`)
  return link.replace(/&amp;/g, '&')
}

/** A bcrypt hash of `password` at the lowest cost, for users a test only needs to exist (GoTrue accepts any cost). */
export function cheapHash(password: string): string {
  return bcrypt.hashSync(password, 4)
}

/** A confirmed user created through the admin API with a cheap hash, and a client signed in as them. */
export async function signedInUser(
  harness: Harness,
  options: { email?: string; password?: string; userMetadata?: Record<string, unknown> } = {},
) {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'correct horse battery'
  const created = await harness.admin().auth.admin.createUser({
    email,
    password_hash: cheapHash(password),
    email_confirm: true,
    user_metadata: options.userMetadata ?? {},
  })
  if (created.error) throw created.error
  const client = harness.anon()
  const signedIn = await client.auth.signInWithPassword({ email, password })
  if (signedIn.error) throw signedIn.error
  return { client, email, password, user: signedIn.data.user, session: signedIn.data.session }
}

/** The claims of a JWT, unverified (tests read what the service issued). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
}

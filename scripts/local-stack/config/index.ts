// Reads supabase/config.toml, the single source of the stack's settings (ports, auth, storage, functions), into a
// typed object. Only the settings the local stack uses are typed; the rest of the file is ignored here.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { supabaseDir } from '../paths.ts'
import { authHookSettingsFrom, type AuthHookSettings } from './auth-hooks.ts'
import { storageSettingsFrom, type StorageSettings } from './storage.ts'

export interface StackConfig {
  projectId: string
  api: { port: number; schemas: string[]; extraSearchPath: string[]; maxRows: number }
  db: {
    port: number
    majorVersion: number
    seedEnabled: boolean
    seedPaths: string[]
    /** [db.settings]: PostgreSQL settings `supabase start` appends to the database's postgresql.conf. */
    settings: Record<string, string>
  }
  /** [local_smtp]: the inbox's web and API port, and its SMTP port when `smtp_port` is set (the CLI's 0 = none). */
  inbox: { port: number; smtpPort: number | undefined }
  studio: { port: number }
  auth: {
    siteUrl: string
    minimumPasswordLength: number
    enableConfirmations: boolean
    /** Absolute path of the JWK file that signs user tokens, when [auth] signing_keys_path is set. */
    signingKeysPath: string | undefined
  } & AuthSettings
  /** [functions.<name>] sections: per-function settings of the edge runtime. */
  functions: Record<string, { verifyJwt: boolean; enabled: boolean }>
  /** [storage]: whether it runs, the upload limit and the buckets to create. */
  storage: StorageSettings
  realtime: { enabled: boolean }
}

/** The rest of [auth] that the Auth service reads (GoTrue's settings as `supabase start` derives them). */
export interface AuthSettings {
  additionalRedirectUrls: string[]
  /** Seconds an access token lives. */
  jwtExpiry: number
  enableRefreshTokenRotation: boolean
  /** Seconds during which a rotated refresh token may still be used once more. */
  refreshTokenReuseInterval: number
  enableSignup: boolean
  enableAnonymousSignIns: boolean
  enableManualLinking: boolean
  /** "", "letters_digits", "lower_upper_letters_digits" or "lower_upper_letters_digits_symbols". */
  passwordRequirements: string
  /**
   * [auth.rate_limit]: events per hour (email, sms, anonymous users) or per 5 minutes and client (the rest). The CLI
   * hands email_sent to GoTrue only when [auth.email.smtp] is enabled; otherwise GoTrue runs with 360000 an hour.
   */
  rateLimit: {
    emailSent: number
    smsSent: number
    anonymousUsers: number
    tokenRefresh: number
    signInSignUps: number
    tokenVerifications: number
    web3: number
  }
  /** Request header rate limits are keyed on (GoTrue's RATE_LIMIT_HEADER); the client address when unset. */
  rateLimitHeader: string | undefined
  email: {
    enableSignup: boolean
    doubleConfirmChanges: boolean
    securePasswordChange: boolean
    /** Seconds between two emails of the same kind to the same user ([auth.email] max_frequency). */
    maxFrequency: number
    otpLength: number
    /** Seconds an emailed link or code stays valid. */
    otpExpiry: number
    /** [auth.email.template.<type>]: subject and absolute path of the HTML body, each optional. */
    templates: Record<string, { subject: string | undefined; contentPath: string | undefined }>
    /**
     * The From of Auth's emails, as the CLI sets GOTRUE_SMTP_ADMIN_EMAIL and GOTRUE_SMTP_SENDER_NAME: from
     * [auth.email.smtp] when it is enabled, else from [local_smtp] admin_email and sender_name (the CLI's defaults
     * admin@email.com and "Admin").
     */
    sender: { name: string; address: string }
  }
  sms: SmsSettings
  /** [auth.external.<name>] enabled flags, by provider name (GOTRUE_EXTERNAL_<NAME>_ENABLED). */
  external: Record<string, boolean>
  /** [auth.external.<name>] in full, as the CLI hands each provider to GoTrue (GOTRUE_EXTERNAL_<NAME>_*). */
  externalProviders: Record<string, ExternalProviderSettings>
  /** [auth.web3.solana] / [auth.web3.ethereum] enabled. */
  web3: { solana: boolean; ethereum: boolean }
  /**
   * [auth.oauth_server]: GoTrue as an OAuth 2.1 server. The CLI hands GoTrue the other two keys only when it is
   * enabled (GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH, _ALLOW_DYNAMIC_REGISTRATION); an absent path is "".
   */
  oauthServer: { enabled: boolean; authorizationUrlPath: string; allowDynamicRegistration: boolean }
  mfa: {
    maxEnrolledFactors: number
    totp: { enrollEnabled: boolean; verifyEnabled: boolean }
    phone: { enrollEnabled: boolean; verifyEnabled: boolean; otpLength: number; maxFrequency: number; template: string }
    webAuthn: { enrollEnabled: boolean; verifyEnabled: boolean }
  }
  passkey: { enabled: boolean }
  /** Relying party of passkeys and WebAuthn factors. */
  webauthn: { rpDisplayName: string; rpId: string; rpOrigins: string[] }
  /** [auth.hook.*]: the verification attempt hooks that are on (undefined when off). */
  hooks: AuthHookSettings
}

/** One [auth.external.<name>] section (GoTrue's OAuthProviderConfiguration). */
export interface ExternalProviderSettings {
  enabled: boolean
  /** GOTRUE_EXTERNAL_<NAME>_CLIENT_ID is a comma-separated list; the first one is used for redirects. */
  clientId: string[]
  secret: string
  /** Base URL of the provider: Keycloak's realm (issuer), a GitHub Enterprise or GitLab host; "" for the default. */
  url: string
  /** The callback URL sent to the provider; undefined means the CLI's default, `<API URL>/auth/v1/callback`. */
  redirectUri: string | undefined
  skipNonceCheck: boolean
  /** Sign-in is allowed when the provider gives no email address. */
  emailOptional: boolean
}

/** [auth.sms] as the CLI passes it to GoTrue (GOTRUE_EXTERNAL_PHONE_ENABLED, GOTRUE_SMS_*). */
export interface SmsSettings {
  enableSignup: boolean
  enableConfirmations: boolean
  /** "{{ .Code }}" is replaced by the code; empty means GoTrue's default text. */
  template: string
  /** Seconds between two codes to one number ([auth.sms] max_frequency). */
  maxFrequency: number
  /** [auth.sms.test_otp]: phone number (digits, as GoTrue stores them) → the code it always receives. */
  testOtp: Record<string, string>
  /** The enabled [auth.sms.<provider>] (GOTRUE_SMS_PROVIDER), or "" when none is: codes then cannot be sent. */
  provider: string
}

type Table = Record<string, unknown>

/**
 * The [db.settings] the Supabase CLI knows (its config's `settings` struct), as PostgreSQL setting values. The CLI
 * appends them to postgresql.conf when it starts the database; keys it does not know are ignored, as it ignores them.
 */
export const dbSettingNames = [
  'effective_cache_size',
  'logical_decoding_work_mem',
  'maintenance_work_mem',
  'max_connections',
  'max_locks_per_transaction',
  'max_parallel_maintenance_workers',
  'max_parallel_workers',
  'max_parallel_workers_per_gather',
  'max_replication_slots',
  'max_slot_wal_keep_size',
  'max_standby_archive_delay',
  'max_standby_streaming_delay',
  'max_wal_size',
  'max_wal_senders',
  'max_worker_processes',
  'session_replication_role',
  'shared_buffers',
  'statement_timeout',
  'track_activity_query_size',
  'track_commit_timestamp',
  'wal_keep_size',
  'wal_sender_timeout',
  'work_mem',
] as const

function dbSettings(raw: Table): Record<string, string> {
  const settings: Record<string, string> = {}
  for (const name of dbSettingNames) {
    const found = raw[name]
    if (found === undefined) continue
    if (!['string', 'number', 'boolean', 'bigint'].includes(typeof found)) {
      throw new Error(`supabase/config.toml: [db.settings] "${name}" should be a string, number or boolean`)
    }
    settings[name] = String(found)
  }
  return settings
}

function table(parent: Table, key: string): Table {
  const value = parent[key]
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {}
}

function value<T>(parent: Table, key: string, fallback: T): T {
  const found = parent[key]
  if (found === undefined) return fallback
  if (typeof found !== typeof fallback || Array.isArray(found) !== Array.isArray(fallback)) {
    throw new Error(`supabase/config.toml: "${key}" should be a ${Array.isArray(fallback) ? 'list' : typeof fallback}`)
  }
  return found as T
}

export function loadConfig(file = path.join(supabaseDir, 'config.toml')): StackConfig {
  let raw: Table
  try {
    raw = parse(readFileSync(file, 'utf8')) as Table
  } catch (error) {
    throw new Error(`Could not read ${path.relative(process.cwd(), file)}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const api = table(raw, 'api')
  const db = table(raw, 'db')
  const seed = table(db, 'seed')
  const auth = table(raw, 'auth')
  const email = table(auth, 'email')
  return {
    projectId: value(raw, 'project_id', 'summit'),
    api: {
      port: value(api, 'port', 54321),
      schemas: value(api, 'schemas', ['public', 'graphql_public']),
      extraSearchPath: value(api, 'extra_search_path', ['public', 'extensions']),
      maxRows: value(api, 'max_rows', 1000),
    },
    db: {
      port: value(db, 'port', 54322),
      majorVersion: value(db, 'major_version', 17),
      seedEnabled: value(seed, 'enabled', true),
      seedPaths: value(seed, 'sql_paths', ['./seed.sql']),
      settings: dbSettings(table(db, 'settings')),
    },
    inbox: inboxSettings(table(raw, 'local_smtp')),
    studio: { port: value(table(raw, 'studio'), 'port', 54323) },
    auth: {
      siteUrl: value(auth, 'site_url', 'http://127.0.0.1:3000'),
      minimumPasswordLength: value(auth, 'minimum_password_length', 6),
      enableConfirmations: value(email, 'enable_confirmations', false),
      signingKeysPath: auth.signing_keys_path
        ? path.resolve(path.dirname(file), value(auth, 'signing_keys_path', ''))
        : undefined,
      ...loadAuthSettings(auth, file, table(raw, 'local_smtp')),
    },
    functions: Object.fromEntries(
      Object.keys(table(raw, 'functions')).map((name) => {
        const fn = table(table(raw, 'functions'), name)
        return [name, { verifyJwt: value(fn, 'verify_jwt', true), enabled: value(fn, 'enabled', true) }]
      }),
    ),
    storage: storageSettingsFrom(raw),
    realtime: { enabled: value(table(raw, 'realtime'), 'enabled', true) },
  }
}

function authSender(smtp: Table, localSmtp: Table): AuthSettings['email']['sender'] {
  if (value(smtp, 'enabled', false)) {
    return { name: value(smtp, 'sender_name', ''), address: value(smtp, 'admin_email', '') }
  }
  return {
    name: value(localSmtp, 'sender_name', 'Admin'),
    address: value(localSmtp, 'admin_email', 'admin@email.com'),
  }
}

function inboxSettings(section: Table): StackConfig['inbox'] {
  const smtpPort = value(section, 'smtp_port', 0)
  return { port: value(section, 'port', 54324), smtpPort: smtpPort === 0 ? undefined : smtpPort }
}

/** Go duration strings as config.toml writes them ("1s", "1m30s", "2h"), in seconds; a bare number is seconds. */
export function parseDurationSeconds(text: string, key: string): number {
  const trimmed = text.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed)
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed) {
    throw new Error(`supabase/config.toml: "${key}" should be a duration such as "1s" or "1m0s"`)
  }
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 }
  return parts.reduce((sum, p) => sum + Number(p[1]) * (unit[p[2] ?? 's'] ?? 1), 0)
}

function optionalString(parent: Table, key: string): string | undefined {
  return parent[key] === undefined ? undefined : value(parent, key, '')
}

function loadAuthSettings(auth: Table, file: string, localSmtp: Table = {}): AuthSettings {
  const email = table(auth, 'email')
  const sms = table(auth, 'sms')
  const rate = table(auth, 'rate_limit')
  const mfa = table(auth, 'mfa')
  const factor = (name: string) => {
    const section = table(mfa, name)
    return {
      enrollEnabled: value(section, 'enroll_enabled', false),
      verifyEnabled: value(section, 'verify_enabled', false),
    }
  }
  const webauthn = table(auth, 'webauthn')
  // Template paths are relative to the project folder (content_path = "./supabase/templates/invite.html").
  const projectDir = path.dirname(path.dirname(file))
  const templates = Object.fromEntries(
    Object.keys(table(email, 'template')).map((name) => {
      const section = table(table(email, 'template'), name)
      const contentPath = optionalString(section, 'content_path')
      return [
        name,
        {
          subject: optionalString(section, 'subject'),
          contentPath: contentPath === undefined ? undefined : path.resolve(projectDir, contentPath),
        },
      ]
    }),
  )
  return {
    additionalRedirectUrls: value(auth, 'additional_redirect_urls', ['https://127.0.0.1:3000']),
    jwtExpiry: value(auth, 'jwt_expiry', 3600),
    enableRefreshTokenRotation: value(auth, 'enable_refresh_token_rotation', true),
    refreshTokenReuseInterval: value(auth, 'refresh_token_reuse_interval', 10),
    enableSignup: value(auth, 'enable_signup', true),
    enableAnonymousSignIns: value(auth, 'enable_anonymous_sign_ins', false),
    enableManualLinking: value(auth, 'enable_manual_linking', false),
    passwordRequirements: value(auth, 'password_requirements', ''),
    rateLimit: {
      // Without a custom SMTP server the CLI starts GoTrue with GOTRUE_RATE_LIMIT_EMAIL_SENT=360000.
      emailSent: value(table(email, 'smtp'), 'enabled', false) ? value(rate, 'email_sent', 2) : 360_000,
      smsSent: value(rate, 'sms_sent', 30),
      anonymousUsers: value(rate, 'anonymous_users', 30),
      tokenRefresh: value(rate, 'token_refresh', 150),
      signInSignUps: value(rate, 'sign_in_sign_ups', 30),
      tokenVerifications: value(rate, 'token_verifications', 30),
      web3: value(rate, 'web3', 30),
    },
    rateLimitHeader: optionalString(rate, 'header'),
    email: {
      // Only `enable_signup` counts: the CLI ignores other keys here (an `enabled` key changes nothing).
      enableSignup: value(email, 'enable_signup', true),
      doubleConfirmChanges: value(email, 'double_confirm_changes', true),
      securePasswordChange: value(email, 'secure_password_change', false),
      maxFrequency: parseDurationSeconds(value(email, 'max_frequency', '1s'), 'max_frequency'),
      otpLength: value(email, 'otp_length', 6),
      otpExpiry: value(email, 'otp_expiry', 3600),
      templates,
      sender: authSender(table(email, 'smtp'), localSmtp),
    },
    sms: smsSettings(sms),
    external: Object.fromEntries(
      Object.keys(table(auth, 'external')).map((name) => [
        name,
        value(table(table(auth, 'external'), name), 'enabled', false),
      ]),
    ),
    externalProviders: Object.fromEntries(
      Object.keys(table(auth, 'external')).map((name) => [
        name,
        externalProvider(table(table(auth, 'external'), name)),
      ]),
    ),
    web3: {
      solana: value(table(table(auth, 'web3'), 'solana'), 'enabled', false),
      ethereum: value(table(table(auth, 'web3'), 'ethereum'), 'enabled', false),
    },
    oauthServer: oauthServerSettings(table(auth, 'oauth_server')),
    mfa: {
      maxEnrolledFactors: value(mfa, 'max_enrolled_factors', 10),
      totp: factor('totp'),
      phone: {
        ...factor('phone'),
        otpLength: value(table(mfa, 'phone'), 'otp_length', 6),
        maxFrequency: parseDurationSeconds(value(table(mfa, 'phone'), 'max_frequency', '5s'), 'max_frequency'),
        template: value(table(mfa, 'phone'), 'template', 'Your code is {{ .Code }}'),
      },
      webAuthn: factor('web_authn'),
    },
    passkey: { enabled: value(table(auth, 'passkey'), 'enabled', false) },
    webauthn: {
      rpDisplayName: value(webauthn, 'rp_display_name', 'Supabase'),
      rpId: value(webauthn, 'rp_id', 'localhost'),
      rpOrigins: value(webauthn, 'rp_origins', ['http://localhost:3000']),
    },
    hooks: authHookSettingsFrom(auth),
  }
}

function oauthServerSettings(section: Table): AuthSettings['oauthServer'] {
  return {
    enabled: value(section, 'enabled', false),
    authorizationUrlPath: value(section, 'authorization_url_path', ''),
    allowDynamicRegistration: value(section, 'allow_dynamic_registration', false),
  }
}

/** The CLI replaces a value written `env(NAME)` with that environment variable when it is set (else keeps it). */
export function fromEnv(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const match = /^env\((.*)\)$/.exec(text)
  const found = match ? env[match[1] ?? ''] : undefined
  return found ? found : text
}

function externalProvider(section: Table): ExternalProviderSettings {
  const clientId = fromEnv(value(section, 'client_id', ''))
  const redirectUri = fromEnv(value(section, 'redirect_uri', ''))
  return {
    enabled: value(section, 'enabled', false),
    clientId: clientId === '' ? [] : clientId.split(','),
    secret: fromEnv(value(section, 'secret', '')),
    url: fromEnv(value(section, 'url', '')),
    redirectUri: redirectUri === '' ? undefined : redirectUri,
    skipNonceCheck: value(section, 'skip_nonce_check', false),
    emailOptional: value(section, 'email_optional', false),
  }
}

const smsProviders = ['twilio', 'twilio_verify', 'messagebird', 'textlocal', 'vonage']

function smsSettings(sms: Table): SmsSettings {
  const testOtp = table(sms, 'test_otp')
  return {
    // Only `enable_signup` turns the phone provider on, as the CLI reads [auth.sms] (`enabled` is not a key there).
    enableSignup: value(sms, 'enable_signup', false),
    enableConfirmations: value(sms, 'enable_confirmations', false),
    template: value(sms, 'template', 'Your code is {{ .Code }}'),
    maxFrequency: parseDurationSeconds(value(sms, 'max_frequency', '5s'), 'max_frequency'),
    testOtp: Object.fromEntries(Object.keys(testOtp).map((phone) => [phone, value(testOtp, phone, '')])),
    // The CLI sets GOTRUE_SMS_PROVIDER to the first enabled provider, in this order.
    provider: smsProviders.find((name) => value(table(sms, name), 'enabled', false)) ?? '',
  }
}

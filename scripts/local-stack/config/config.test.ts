import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './index.ts'

function tomlFile(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'summit-config-')), 'config.toml')
  writeFileSync(file, content)
  return file
}

describe('loadConfig', () => {
  it('reads the project config with the ports and auth rules of supabase start', () => {
    const config = loadConfig()
    expect(config.projectId).toBe('summit')
    expect(config.api.port).toBe(54321)
    expect(config.db.port).toBe(54322)
    expect(config.db.majorVersion).toBe(17)
    expect(config.inbox).toEqual({ port: 54324, smtpPort: 54325 })
    expect(config.auth.siteUrl).toBe('http://127.0.0.1:5173')
    expect(config.auth.minimumPasswordLength).toBe(8)
    expect(config.auth.enableConfirmations).toBe(true)
    expect(config.db.seedPaths).toEqual(['./seed.sql', './seeds/*.sql'])
  })

  it('falls back to the CLI defaults for settings a config leaves out', () => {
    const config = loadConfig(tomlFile('project_id = "bare"\n'))
    expect(config.api.port).toBe(54321)
    expect(config.api.schemas).toEqual(['public', 'graphql_public'])
    expect(config.auth.minimumPasswordLength).toBe(6)
    expect(config.inbox).toEqual({ port: 54324, smtpPort: undefined })
  })

  it('reads [local_smtp] smtp_port as the CLI does: 0 exposes no SMTP port', () => {
    expect(loadConfig(tomlFile('[local_smtp]\nport = 1\nsmtp_port = 2\n')).inbox).toEqual({ port: 1, smtpPort: 2 })
    expect(loadConfig(tomlFile('[local_smtp]\nsmtp_port = 0\n')).inbox.smtpPort).toBeUndefined()
  })

  it('reads [db.settings] as the CLI appends them to postgresql.conf, ignoring keys the CLI does not know', () => {
    const config = loadConfig(
      tomlFile(
        '[db.settings]\neffective_cache_size = "4GB"\nmax_connections = 120\ntrack_commit_timestamp = true\n' +
          'statement_timeout = "8s"\nfsync = "off"\n',
      ),
    )
    expect(config.db.settings).toEqual({
      effective_cache_size: '4GB',
      max_connections: '120',
      track_commit_timestamp: 'true',
      statement_timeout: '8s',
    })
    expect(loadConfig(tomlFile('project_id = "bare"\n')).db.settings).toEqual({})
  })

  it('names the setting whose type is wrong', () => {
    expect(() => loadConfig(tomlFile('[db]\nport = "54322"\n'))).toThrow('"port" should be a number')
  })

  it('says which file could not be parsed', () => {
    expect(() => loadConfig(tomlFile('[db\nport = 1\n'))).toThrow(/Could not read .*config\.toml/)
  })
})

describe('loadConfig: the Auth service settings', () => {
  it('reads [auth] of the project config', () => {
    const { auth } = loadConfig()
    expect(auth).toMatchObject({
      additionalRedirectUrls: ['http://localhost:5173', 'http://127.0.0.1:5173/**', 'http://localhost:5173/**'],
      jwtExpiry: 3600,
      enableRefreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      enableSignup: true,
      enableAnonymousSignIns: false,
      passwordRequirements: '',
      // No [auth.email.smtp]: the CLI gives GoTrue 360000 emails an hour, whatever email_sent says.
      rateLimit: {
        emailSent: 360_000,
        tokenRefresh: 150,
        signInSignUps: 30,
        tokenVerifications: 30,
        anonymousUsers: 30,
      },
      rateLimitHeader: undefined,
      email: { enableSignup: true, doubleConfirmChanges: true, maxFrequency: 1, otpLength: 6, otpExpiry: 3600 },
      // Both confirmations on: sign-up answers a registered email as it answers a new one.
      sms: { enableSignup: false, enableConfirmations: true, testOtp: {}, provider: '' },
      external: {},
      web3: { solana: false, ethereum: false },
      oauthServer: { enabled: false, authorizationUrlPath: '', allowDynamicRegistration: false },
      mfa: {
        maxEnrolledFactors: 10,
        totp: { enrollEnabled: true, verifyEnabled: true },
        webAuthn: { enrollEnabled: true },
      },
      passkey: { enabled: true },
      webauthn: {
        rpDisplayName: 'Summit',
        rpId: 'localhost',
        rpOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      },
      hooks: {
        passwordVerificationAttempt: {
          kind: 'pg-function',
          schema: 'private',
          name: 'hook_password_verification_attempt',
        },
        mfaVerificationAttempt: { kind: 'pg-function', schema: 'private', name: 'hook_mfa_verification_attempt' },
      },
    })
  })

  it('falls back to the CLI defaults and resolves template paths from the project folder', () => {
    const file = tomlFile(
      '[auth.email]\nmax_frequency = "1m30s"\n[auth.email.template.invite]\nsubject = "Join"\ncontent_path = "./supabase/templates/invite.html"\n',
    )
    const { auth } = loadConfig(file)
    expect(auth.email.maxFrequency).toBe(90)
    expect(auth.email.templates.invite).toEqual({
      subject: 'Join',
      contentPath: path.resolve(path.dirname(path.dirname(file)), 'supabase/templates/invite.html'),
    })
    expect(auth.rateLimit.emailSent).toBe(360_000)
    expect(auth.mfa.totp).toEqual({ enrollEnabled: false, verifyEnabled: false })
    expect(auth.sms).toEqual({
      enableSignup: false,
      enableConfirmations: false,
      template: 'Your code is {{ .Code }}',
      maxFrequency: 5,
      testOtp: {},
      provider: '',
    })
  })

  it("gives Auth's emails the sender the CLI hands GoTrue: [auth.email.smtp] when enabled, else [local_smtp]", () => {
    expect(loadConfig().auth.email.sender).toEqual({ name: 'Summit', address: 'no-reply@summit.example' })
    expect(loadConfig(tomlFile('project_id = "bare"\n')).auth.email.sender).toEqual({
      name: 'Admin',
      address: 'admin@email.com',
    })
    const smtp = (enabled: boolean) =>
      tomlFile(
        `[local_smtp]\nadmin_email = "local@summit.test"\n[auth.email.smtp]\nenabled = ${enabled}\n` +
          'host = "smtp.example.com"\nport = 465\nadmin_email = "hello@summit.example"\nsender_name = "Summit Mail"\n',
      )
    expect(loadConfig(smtp(true)).auth.email.sender).toEqual({ name: 'Summit Mail', address: 'hello@summit.example' })
    expect(loadConfig(smtp(false)).auth.email.sender).toEqual({ name: 'Admin', address: 'local@summit.test' })
  })

  it('reads [auth.sms], its test OTPs, providers, web3, the OAuth server and email_sent as the CLI passes them', () => {
    const file = tomlFile(
      [
        '[auth.rate_limit]\nemail_sent = 7',
        '[auth.email.smtp]\nenabled = true',
        '[auth.sms]\nenable_signup = true\nenable_confirmations = true\nmax_frequency = "1m"',
        '[auth.sms.test_otp]\n4152127777 = "123456"',
        '[auth.sms.vonage]\nenabled = true',
        '[auth.external.github]\nenabled = true\n[auth.external.apple]\nenabled = false',
        '[auth.web3.solana]\nenabled = true',
        '[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"\nallow_dynamic_registration = true',
      ].join('\n'),
    )
    const { auth } = loadConfig(file)
    expect(auth.rateLimit.emailSent).toBe(7)
    expect(auth.sms).toMatchObject({
      enableSignup: true,
      enableConfirmations: true,
      maxFrequency: 60,
      testOtp: { '4152127777': '123456' },
      provider: 'vonage',
    })
    expect(auth.external).toEqual({ github: true, apple: false })
    expect(auth.web3).toEqual({ solana: true, ethereum: false })
    expect(auth.oauthServer).toEqual({
      enabled: true,
      authorizationUrlPath: '/oauth/consent',
      allowDynamicRegistration: true,
    })
  })

  it('reads [auth.external.*] in full, resolving env(NAME) values as the CLI does', () => {
    process.env.SUMMIT_TEST_KEYCLOAK_SECRET = 'from-env'
    try {
      const file = tomlFile(
        [
          '[auth.external.keycloak]\nenabled = true\nclient_id = "web,mobile"',
          'secret = "env(SUMMIT_TEST_KEYCLOAK_SECRET)"\nurl = "https://sso.example.org/realms/summit"',
          'email_optional = true',
          '[auth.external.github]\nenabled = false\nsecret = "env(SUMMIT_TEST_UNSET_SECRET)"',
          'redirect_uri = "https://app.example.org/auth/v1/callback"\nskip_nonce_check = true',
        ].join('\n'),
      )
      const { auth } = loadConfig(file)
      expect(auth.externalProviders.keycloak).toEqual({
        enabled: true,
        clientId: ['web', 'mobile'],
        secret: 'from-env',
        url: 'https://sso.example.org/realms/summit',
        redirectUri: undefined,
        skipNonceCheck: false,
        emailOptional: true,
      })
      expect(auth.externalProviders.github).toMatchObject({
        enabled: false,
        clientId: [],
        secret: 'env(SUMMIT_TEST_UNSET_SECRET)',
        redirectUri: 'https://app.example.org/auth/v1/callback',
        skipNonceCheck: true,
      })
    } finally {
      delete process.env.SUMMIT_TEST_KEYCLOAK_SECRET
    }
  })

  it('keeps every provider of the project config off, so no sign-in button shows that cannot work', () => {
    const { auth } = loadConfig()
    expect(Object.values(auth.external).every((enabled) => !enabled)).toBe(true)
    expect(Object.keys(auth.externalProviders).sort()).toEqual(['github', 'google', 'keycloak'])
  })

  it('ignores keys the CLI does not read: [auth.sms] enabled does not turn phone sign-ups on', () => {
    const { auth } = loadConfig(tomlFile('[auth.sms]\nenabled = true\n[auth.email]\nenabled = false\n'))
    expect(auth.sms.enableSignup).toBe(false)
    expect(auth.email.enableSignup).toBe(true)
  })

  it('rejects durations it cannot read', () => {
    expect(() => loadConfig(tomlFile('[auth.email]\nmax_frequency = "soon"\n'))).toThrow(
      /"max_frequency" should be a duration/,
    )
  })
})

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
    expect(config.inbox.port).toBe(54324)
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
      rateLimit: { emailSent: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30, anonymousUsers: 30 },
      rateLimitHeader: undefined,
      email: { enableSignup: true, doubleConfirmChanges: true, maxFrequency: 1, otpLength: 6, otpExpiry: 3600 },
      sms: { enableSignup: false },
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
    expect(auth.rateLimit.emailSent).toBe(2)
    expect(auth.mfa.totp).toEqual({ enrollEnabled: false, verifyEnabled: false })
  })

  it('rejects durations it cannot read', () => {
    expect(() => loadConfig(tomlFile('[auth.email]\nmax_frequency = "soon"\n'))).toThrow(
      /"max_frequency" should be a duration/,
    )
  })
})

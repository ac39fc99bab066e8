import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoCodes, demoInvites, demoLogins, demoTotps, otpauthUri } from './demo-logins.ts'
import { codeAt, currentStep, matchingStep } from './auth/mfa/totp.ts'
import { supabaseDir } from './paths.ts'

describe('demoLogins', () => {
  it('reads the demo-login lines of a seed file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'summit-seed-')), 'seed.sql')
    writeFileSync(
      file,
      [
        '-- demo-login: ada@example.com / s3cret-pass / Ada, an instructor',
        'insert into x values (1); -- demo-login: not/a/login',
        '--demo-login:  bo@example.com  /  pw12345678  /  Bo  ',
      ].join('\n'),
    )
    expect(demoLogins(file)).toEqual([
      { email: 'ada@example.com', password: 's3cret-pass', who: 'Ada, an instructor' },
      { email: 'bo@example.com', password: 'pw12345678', who: 'Bo' },
    ])
  })

  it('lists the logins of the project seed, each with a password of at least 8 characters', () => {
    const logins = demoLogins()
    expect(logins.length).toBeGreaterThanOrEqual(3)
    for (const login of logins) expect(login.password.length).toBeGreaterThanOrEqual(8)
  })

  it('returns nothing when there is no seed file', () => {
    expect(demoLogins('/nonexistent/seed.sql')).toEqual([])
  })
})

describe('demoInvites and demoCodes', () => {
  it('read the demo-invite and demo-code lines of a seed file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'summit-seed-')), 'seed.sql')
    writeFileSync(
      file,
      [
        '-- demo-invite: /invite/abc_DEF-123 (Course A, 100 uses)',
        '-- demo-code: course-b / QUERY234 (Course B, no limit)',
        '-- demo-code: course-c / ABCDEFGH',
      ].join('\n'),
    )
    expect(demoInvites(file)).toEqual([{ path: '/invite/abc_DEF-123', what: 'Course A, 100 uses' }])
    expect(demoCodes(file)).toEqual([
      { slug: 'course-b', code: 'QUERY234', what: 'Course B, no limit' },
      { slug: 'course-c', code: 'ABCDEFGH', what: '' },
    ])
  })

  it("find the project seed's invite for the invite course and code for the code course", () => {
    expect(demoInvites().map((invite) => invite.path)).toContain('/invite/summit-demo-invite-design-systems-studio-01')
    expect(demoCodes()).toContainEqual(expect.objectContaining({ slug: 'sql-for-product-people', code: 'QUERY234' }))
  })
})

describe('demoTotps', () => {
  it('reads the demo-totp lines of a seed file, with the otpauth:// URI of each secret', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'summit-seed-')), 'seed.sql')
    writeFileSync(
      file,
      [
        '-- demo-totp: ada@example.com / JBSWY3DPEHPK3PXP (Ada signs in with a code)',
        '-- demo-totp: bo@example.com / not-base32',
      ].join('\n'),
    )
    expect(demoTotps(file)).toEqual([
      {
        email: 'ada@example.com',
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Summit:ada@example.com?algorithm=SHA1&digits=6&issuer=Summit&period=30&secret=JBSWY3DPEHPK3PXP',
        what: 'Ada signs in with a code',
      },
    ])
  })

  it("gives the project seed's TOTP instructor a secret the stack's TOTP check accepts codes of", () => {
    const totps = demoTotps()
    expect(totps.map((totp) => totp.email)).toContain('priya@example.com')
    expect(demoLogins().map((login) => login.email)).toEqual(expect.arrayContaining(totps.map((t) => t.email)))
    const seed = readFileSync(path.join(supabaseDir, 'seed.sql'), 'utf8')
    for (const { secret } of totps) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      // The factor row the seed inserts carries the same secret.
      expect(seed).toMatch(new RegExp(`insert into auth\\.mfa_factors[^;]*'verified'[^;]*'${secret}'`))
      expect(matchingStep(secret, codeAt(secret, currentStep()))).toBe(currentStep())
    }
    expect(otpauthUri('a@b.c', 'ABC', 'Summit')).toBe(
      'otpauth://totp/Summit:a@b.c?algorithm=SHA1&digits=6&issuer=Summit&period=30&secret=ABC',
    )
  })

  it('returns nothing when there is no seed file', () => {
    expect(demoTotps('/nonexistent/seed.sql')).toEqual([])
  })
})

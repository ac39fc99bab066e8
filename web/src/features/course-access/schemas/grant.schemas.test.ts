// The invite and access-code forms: defaults pass, and each refusal carries the database's own sentence.
import { describe, expect, it } from 'vitest'
import { localInputInDays } from '../lib/date-time'
import { accessCodeFormSchema, grantMessages, inviteFormSchema, parseDomains } from './grant.schemas'

const invite = { expiresAt: localInputInDays(14), maxUses: '1', domains: '', cohortId: '' }

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null)
}

describe('inviteFormSchema', () => {
  it('turns the defaults into the call arguments', () => {
    const result = inviteFormSchema.parse(invite)
    expect(result.maxUses).toBe(1)
    expect(result.domains).toBeNull()
    expect(result.cohortId).toBeNull()
    expect(new Date(result.expiresAt ?? '').getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000)
  })

  it.each([
    [{ expiresAt: '' }, grantMessages.expiryRequired],
    [{ expiresAt: '2020-01-01T10:00' }, grantMessages.expiryPast],
    [{ expiresAt: localInputInDays(400) }, grantMessages.expiryTooFar],
    [{ maxUses: '0' }, grantMessages.maxUses],
    [{ maxUses: '100001' }, grantMessages.maxUses],
    [{ maxUses: '1.5' }, grantMessages.maxUses],
    [{ domains: 'alice@example.com' }, grantMessages.domainFormat],
    [{ domains: 'localhost' }, grantMessages.domainFormat],
  ])('refuses %o with "%s"', (change, message) => {
    expect(firstMessage(inviteFormSchema.safeParse({ ...invite, ...change }))).toBe(message)
  })

  it('refuses more than 20 domains', () => {
    const domains = Array.from({ length: 21 }, (_, i) => `d${i}.example.com`).join(', ')
    expect(firstMessage(inviteFormSchema.safeParse({ ...invite, domains }))).toBe(grantMessages.tooManyDomains)
  })

  it('reads domains as people type them', () => {
    expect(parseDomains(' @Example.COM, school.edu;example.com  b.org ')).toEqual([
      'b.org',
      'example.com',
      'school.edu',
    ])
  })
})

describe('accessCodeFormSchema', () => {
  it('leaves expiry and limit out when empty: the code works until revoked', () => {
    expect(accessCodeFormSchema.parse({ expiresAt: '', maxUses: '', cohortId: '' })).toEqual({
      expiresAt: null,
      maxUses: null,
      cohortId: null,
    })
  })

  it('checks a limit and an expiry when given', () => {
    expect(firstMessage(accessCodeFormSchema.safeParse({ expiresAt: '', maxUses: '-3', cohortId: '' }))).toBe(
      grantMessages.maxUses,
    )
    expect(
      firstMessage(accessCodeFormSchema.safeParse({ expiresAt: '2020-01-01T00:00', maxUses: '', cohortId: '' })),
    ).toBe(grantMessages.expiryPast)
  })
})

// The password verdict: length first, then zxcvbn's score, with the refusal sentence chosen from what it found.
// Uses the real zxcvbn-ts dictionaries (loaded as the browser would) as well as literal results.
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPasswordChecker, userInputInWords } from './load-password-checker'
import { passwordVerdict, refusals } from './password-rules'
import { passwordRefusal } from './check-password'

describe('passwordVerdict', () => {
  it('refuses a password below the minimum length before anything else', () => {
    expect(passwordVerdict('short', { score: 4, sequence: [] })).toMatchObject({
      level: 'weak',
      refusal: 'Use at least 8 characters.',
    })
  })

  it('rates scores 2 to 4 as fair, good and strong, and accepts them', () => {
    expect(passwordVerdict('abcdefghij', { score: 2, sequence: [] })).toMatchObject({ label: 'Fair', refusal: null })
    expect(passwordVerdict('abcdefghij', { score: 3, sequence: [] })).toMatchObject({ label: 'Good', refusal: null })
    expect(passwordVerdict('abcdefghij', { score: 4, sequence: [] })).toMatchObject({ label: 'Strong', refusal: null })
  })

  it('refuses scores 0 and 1 and explains a pattern-only password', () => {
    const sequence = [{ pattern: 'repeat', i: 0, j: 7, token: 'aaaaaaaa' }] as never
    expect(passwordVerdict('aaaaaaaa', { score: 0, sequence })).toMatchObject({
      label: 'Too easy to guess',
      refusal: refusals.pattern,
    })
  })
})

describe('with the real dictionaries', () => {
  // The dictionaries are large: load them once, with time to spare on a busy machine.
  beforeAll(async () => {
    await loadPasswordChecker()
  }, 60_000)

  it('refuses common passwords with the common-password sentence', async () => {
    const check = await loadPasswordChecker()
    for (const password of ['password123', 'P@ssw0rd!', 'qwertyuiop', 'iloveyou2']) {
      expect(passwordVerdict(password, check(password)).refusal, password).toBe(refusals.common)
    }
  })

  it('refuses a password made of the user’s own name or email', async () => {
    const check = await loadPasswordChecker()
    const inputs = userInputInWords(['Ada Lovelace', 'ada.lovelace@example.com'])
    const verdict = passwordVerdict('lovelace1', check('lovelace1', inputs))
    expect(verdict.refusal).toBe(refusals.personal)
  })

  it('accepts long passphrases without any composition rule', async () => {
    expect(await passwordRefusal('violet-harbour-tangent-42')).toBeNull()
    expect(await passwordRefusal('correct-horse-battery')).toBeNull()
    expect(await passwordRefusal('analytical-engine')).toBeNull()
  })
})

describe('userInputInWords', () => {
  it('adds the parts of names and addresses, lower-cased, skipping blanks and short parts', () => {
    expect(userInputInWords(['Ada Lovelace', '', 'ada.l@example.com'])).toEqual([
      'ada lovelace',
      'ada',
      'lovelace',
      'ada.l@example.com',
      'example',
      'com',
    ])
  })
})

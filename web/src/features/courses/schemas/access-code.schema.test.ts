// The access-code rules the field checks before sending: 8 characters of the unambiguous alphabet, any case, spaces
// and hyphens ignored, the same normalisation the database applies.
import { describe, expect, it } from 'vitest'
import { ACCESS_CODE_ALPHABET, accessCodeProblem, accessCodeSchema, normalizeAccessCode } from './access-code.schema'

describe('access codes', () => {
  it('normalises case, spaces and hyphens as the database does', () => {
    expect(normalizeAccessCode(' quer-y 234 ')).toBe('QUERY234')
    expect(accessCodeSchema.parse({ code: 'abcd-efgh' })).toEqual({ code: 'ABCDEFGH' })
  })

  it('accepts every letter of the alphabet and nothing that looks alike', () => {
    expect(ACCESS_CODE_ALPHABET).toHaveLength(31)
    for (const letter of ACCESS_CODE_ALPHABET) expect(accessCodeProblem(letter.repeat(8))).toBeNull()
    for (const lookalike of ['0', 'O', 'o', '1', 'I', 'i', 'L', 'l']) {
      expect(accessCodeProblem(`ABCDEFG${lookalike}`)).toMatch(/never contain 0, O, 1, I or L/)
    }
  })

  it('says what is wrong with the length or the characters', () => {
    expect(accessCodeProblem('   ')).toBe('Enter the access code your instructor gave you.')
    expect(accessCodeProblem('ABC')).toBe('Access codes have 8 characters; this one has 3.')
    expect(accessCodeProblem('ABCDÉFGH')).toBe('Access codes have only letters and digits.')
    expect(accessCodeSchema.safeParse({ code: 'ABC' }).success).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { emailsError, isEmail, parseEmails } from './emails'

describe('parseEmails', () => {
  it('splits on commas, semicolons, spaces and line breaks, lowercases and drops repeats', () => {
    expect(parseEmails('Ada@Example.com, bo@example.com;\ncy@example.org  ada@example.com')).toEqual({
      valid: ['ada@example.com', 'bo@example.com', 'cy@example.org'],
      invalid: [],
    })
  })

  it('takes the address out of "Name <address>"', () => {
    expect(parseEmails('<ada@example.com>').valid).toEqual(['ada@example.com'])
    expect(parseEmails('Ada Lovelace <ada@example.com>, Bo <bo@example.com>')).toEqual({
      valid: ['ada@example.com', 'bo@example.com'],
      invalid: [],
    })
  })

  it('names what is not an address', () => {
    expect(parseEmails('ada@example.com nope bo@')).toEqual({ valid: ['ada@example.com'], invalid: ['nope', 'bo@'] })
  })
})

describe('emailsError', () => {
  it('asks for at least one address', () => {
    expect(emailsError(parseEmails('  '))).toBe('Enter at least one email address.')
  })

  it('lets a list with some wrong ones through: the valid ones are sent, the others listed back', () => {
    expect(emailsError(parseEmails('x y@example.com'))).toBeUndefined()
  })

  it('names the wrong ones when none can be sent', () => {
    expect(emailsError(parseEmails('x'))).toBe('This is not an email address: x.')
    expect(emailsError(parseEmails('x z'))).toBe('None of these is an email address: x, z.')
  })

  it('refuses more than 100', () => {
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join('\n')
    expect(emailsError(parseEmails(many))).toBe('Add at most 100 email addresses at a time.')
  })

  it('accepts a valid list', () => {
    expect(emailsError(parseEmails('a@b.co'))).toBeUndefined()
  })
})

describe('isEmail', () => {
  it('follows the database rule', () => {
    expect(isEmail('a@b.co')).toBe(true)
    expect(isEmail('a@b')).toBe(false)
    expect(isEmail('a b@c.de')).toBe(false)
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false)
  })
})

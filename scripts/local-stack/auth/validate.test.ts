// Email format, PKCE parameters and the redirect allow-list (site_url host, additional_redirect_urls globs).
import { describe, expect, it } from 'vitest'
import { isRedirectAllowed, parseGoDuration, pkceParams, validateEmail, validatePhone } from './validate.ts'

const settings = {
  siteUrl: 'http://127.0.0.1:5173',
  additionalRedirectUrls: ['http://localhost:5173', 'http://localhost:5173/**', 'https://*.example.com/app/*'],
}

describe('validation', () => {
  it('lower-cases valid emails and rejects malformed ones', () => {
    expect(validateEmail('Ada.Lovelace+x@Example.COM')).toBe('ada.lovelace+x@example.com')
    for (const bad of ['', 'plain', 'a@', '@b.c', 'a b@c.d', 'a@-b.c', `${'a'.repeat(256)}@b.c`]) {
      expect(() => validateEmail(bad), bad).toThrow(expect.objectContaining({ code: 'validation_failed' }))
    }
  })

  it('checks PKCE parameters', () => {
    expect(pkceParams('', '')).toEqual({ flow: 'implicit', method: undefined })
    expect(pkceParams('c'.repeat(43), 'S256')).toEqual({ flow: 'pkce', method: 's256' })
    expect(() => pkceParams('c'.repeat(43), '')).toThrow(/requires code_challenge_method and code_challenge/)
    expect(() => pkceParams('short', 'plain')).toThrow(/between 43 and 128/)
    expect(() => pkceParams('c'.repeat(43), 'md5')).toThrow(/unsupported code_challenge method/)
  })

  it('allows the site host and allow-list globs, nothing else', () => {
    expect(isRedirectAllowed('http://127.0.0.1:9999/any/path', settings)).toBe(true)
    expect(isRedirectAllowed('http://localhost:5173', settings)).toBe(true)
    expect(isRedirectAllowed('http://localhost:5173/deep/page?x=1', settings)).toBe(true)
    expect(isRedirectAllowed('https://a.example.com/app/home', settings)).toBe(true)
    expect(isRedirectAllowed('https://a.b.example.com/app/home', settings)).toBe(false)
    expect(isRedirectAllowed('https://evil.example/app', settings)).toBe(false)
    expect(isRedirectAllowed('', settings)).toBe(false)
  })

  it('parses phones and Go durations', () => {
    expect(validatePhone('+1 555 0100 200')).toBe('15550100200')
    expect(() => validatePhone('abc')).toThrow(/E.164/)
    expect(parseGoDuration('1h30m')).toBe(5_400_000)
    expect(parseGoDuration('-5s')).toBe(-5000)
    expect(parseGoDuration('1 day')).toBeUndefined()
  })
})

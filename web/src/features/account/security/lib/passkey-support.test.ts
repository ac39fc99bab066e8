// Where passkeys can be made: WebAuthn in the browser and the relying party's host (or a subdomain).
import { describe, expect, it } from 'vitest'
import { passkeyHostUrl, passkeySupport } from './passkey-support'

describe('passkeySupport', () => {
  it('allows the relying party host and its subdomains', () => {
    expect(passkeySupport('localhost', true, 'localhost')).toEqual({ ok: true })
    expect(passkeySupport('app.summit.example', true, 'summit.example')).toEqual({ ok: true })
  })

  it('says why not: another host, or no WebAuthn', () => {
    expect(passkeySupport('127.0.0.1', true, 'localhost')).toEqual({ ok: false, reason: 'wrong_host' })
    expect(passkeySupport('notlocalhost', true, 'localhost')).toEqual({ ok: false, reason: 'wrong_host' })
    expect(passkeySupport('localhost', false, 'localhost')).toEqual({ ok: false, reason: 'unsupported' })
  })

  it('points to the same page on the relying party host', () => {
    expect(passkeyHostUrl({ protocol: 'http:', port: '5173', pathname: '/account', hash: '#security' })).toBe(
      'http://localhost:5173/account#security',
    )
  })
})

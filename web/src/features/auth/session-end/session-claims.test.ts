import { describe, expect, it } from 'vitest'
import { sessionIdOf } from './session-claims'

const token = (claims: object) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'sig'].join('.')

describe('sessionIdOf', () => {
  it('reads the session_id claim of a token in base64url', () => {
    expect(sessionIdOf(token({ sub: 'u', session_id: 'a1b2-c3', name: '>>>???' }))).toBe('a1b2-c3')
  })

  it('answers null without a token, a claim or a readable payload', () => {
    expect(sessionIdOf(null)).toBeNull()
    expect(sessionIdOf(token({ sub: 'u' }))).toBeNull()
    expect(sessionIdOf(token({ session_id: 42 }))).toBeNull()
    expect(sessionIdOf('not-a-token')).toBeNull()
    expect(sessionIdOf('a.%%%.c')).toBeNull()
  })
})

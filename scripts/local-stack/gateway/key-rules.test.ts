import { describe, expect, it } from 'vitest'
import { signHs256 } from '../keys/jwt.ts'
import { anonKey, publishableKey, secretKey, serviceRoleKey } from '../keys/index.ts'
import { gatewayAuthorization, rewriteRealtimeApiKey } from './key-rules.ts'

const userJwt = signHs256({ sub: 'a1b2', role: 'authenticated', exp: 4102444800 })

describe('the Authorization rule (the CLI Kong BearerToken expression)', () => {
  it('passes a user JWT through whatever the apikey', () => {
    expect(gatewayAuthorization(`Bearer ${userJwt}`, publishableKey)).toBe(`Bearer ${userJwt}`)
    expect(gatewayAuthorization(`Bearer ${userJwt}`, secretKey)).toBe(`Bearer ${userJwt}`)
  })

  it('passes the legacy anon and service_role JWTs through', () => {
    expect(gatewayAuthorization(`Bearer ${anonKey}`, anonKey)).toBe(`Bearer ${anonKey}`)
    expect(gatewayAuthorization(`Bearer ${serviceRoleKey}`, serviceRoleKey)).toBe(`Bearer ${serviceRoleKey}`)
  })

  it('maps the publishable key to the anon JWT and the secret key to the service_role JWT', () => {
    expect(gatewayAuthorization(undefined, publishableKey)).toBe(`Bearer ${anonKey}`)
    expect(gatewayAuthorization(undefined, secretKey)).toBe(`Bearer ${serviceRoleKey}`)
  })

  it('drops `Bearer sb_…` and uses the apikey instead', () => {
    expect(gatewayAuthorization(`Bearer ${publishableKey}`, publishableKey)).toBe(`Bearer ${anonKey}`)
    expect(gatewayAuthorization(`Bearer ${secretKey}`, secretKey)).toBe(`Bearer ${serviceRoleKey}`)
    expect(gatewayAuthorization(`Bearer ${secretKey}`, undefined)).toBeUndefined()
  })

  it('copies any other apikey as it is, like Kong (no "Bearer " added)', () => {
    expect(gatewayAuthorization(undefined, anonKey)).toBe(anonKey)
    expect(gatewayAuthorization(undefined, 'not-a-key')).toBe('not-a-key')
  })

  it('leaves no Authorization at all when neither header is sent (the request runs as anon)', () => {
    expect(gatewayAuthorization(undefined, undefined)).toBeUndefined()
  })

  it('passes tokens the services will reject (expired, forged) untouched, for them to answer', () => {
    const forged = `${userJwt.slice(0, -4)}AAAA`
    expect(gatewayAuthorization(`Bearer ${forged}`, publishableKey)).toBe(`Bearer ${forged}`)
    expect(gatewayAuthorization('Basic dXNlcjpwdw==', publishableKey)).toBe('Basic dXNlcjpwdw==')
  })

  it('tests the sb_ prefix case-sensitively, as the Lua does', () => {
    expect(gatewayAuthorization(`bearer ${publishableKey}`, publishableKey)).toBe(`bearer ${publishableKey}`)
  })
})

describe('the realtime socket rule (QueryToken)', () => {
  it('replaces an sb_ apikey query parameter with its legacy JWT and keeps the other parameters', () => {
    expect(rewriteRealtimeApiKey(`/websocket?apikey=${publishableKey}&vsn=2.0.0`)).toBe(
      `/websocket?apikey=${anonKey}&vsn=2.0.0`,
    )
    expect(rewriteRealtimeApiKey(`/websocket?vsn=1.0.0&apikey=${secretKey}`)).toBe(
      `/websocket?vsn=1.0.0&apikey=${serviceRoleKey}`,
    )
  })

  it('leaves a legacy JWT, an unknown value or a missing apikey unchanged', () => {
    for (const path of [
      `/websocket?apikey=${anonKey}&vsn=2.0.0`,
      '/websocket?apikey=x&vsn=2.0.0',
      '/websocket',
      '/websocket?vsn=2.0.0',
    ]) {
      expect(rewriteRealtimeApiKey(path)).toBe(path)
    }
  })
})

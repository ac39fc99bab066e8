import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { anonKey } from '../keys/index.ts'
import { JwtKeys, signHs256 } from '../keys/jwt.ts'
import { verifyFunctionJwt } from './verify-jwt.ts'

const keys = new JwtKeys()
const now = 1_800_000_000
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('verifyFunctionJwt (the edge runtime main service rules)', () => {
  it('accepts a valid HS256 token', async () => {
    expect(await verifyFunctionJwt(`Bearer ${anonKey}`, keys, now)).toEqual({ ok: true })
  })

  it.each([
    [undefined, 'Error: Missing authorization header'],
    ['', 'Error: Missing authorization header'],
    [anonKey, "Error: Auth header is not 'Bearer {token}'"],
    [`bearer ${anonKey}`, "Error: Auth header is not 'Bearer {token}'"],
    ['Bearer', 'TypeError: Invalid Token or Protected Header formatting'],
    [`Bearer  ${anonKey}`, 'TypeError: Invalid Token or Protected Header formatting'],
    ['Bearer a.b', 'TypeError: Invalid Token or Protected Header formatting'],
    [`Bearer ${b64([1])}.x.y`, 'TypeError: Invalid Token or Protected Header formatting'],
    ['Bearer %%%.x.y', 'TypeError: Invalid Token or Protected Header formatting'],
    [`Bearer ${b64({ alg: 'HS512' })}.x.y`, 'Invalid JWT'],
    [`Bearer ${b64({ alg: 'none' })}.${b64({ role: 'anon' })}.`, 'Invalid JWT'],
    [`Bearer ${anonKey.slice(0, -2)}xx`, 'Invalid JWT'],
    [`Bearer ${signHs256({ role: 'anon', exp: now - 1 })}`, 'Invalid JWT'],
    [`Bearer ${signHs256({ role: 'anon', exp: now + 60, nbf: now + 30 })}`, 'Invalid JWT'],
    // A string exp would otherwise never expire (jose: '"exp" claim must be a number').
    [`Bearer ${signHs256({ role: 'anon', exp: String(now + 60) })}`, 'Invalid JWT'],
    [`Bearer ${signHs256({ role: 'anon', exp: now + 60, nbf: String(now) })}`, 'Invalid JWT'],
  ])('refuses %j with {"msg": %j}', async (authorization, msg) => {
    expect(await verifyFunctionJwt(authorization, keys, now)).toEqual({ ok: false, msg })
  })

  it('accepts a user token signed with a configured ES256 signing key, and refuses an unknown kid', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const dir = mkdtempSync(path.join(tmpdir(), 'summit-jwk-'))
    const file = path.join(dir, 'keys.json')
    writeFileSync(file, JSON.stringify([{ ...privateKey.export({ format: 'jwk' }), kid: 'k1' }]))
    const signing = new JwtKeys(file)
    rmSync(dir, { recursive: true })
    const token = signing.sign({ role: 'authenticated', sub: 'u1', exp: now + 60 })
    expect(await verifyFunctionJwt(`Bearer ${token}`, signing, now)).toEqual({ ok: true })
    expect(await verifyFunctionJwt(`Bearer ${token}`, keys, now)).toEqual({ ok: false, msg: 'Invalid JWT' })
  })
})

// JSON Web Tokens of the local stack: HS256 with the local secret, as `supabase start` issues them, and RS256/ES256
// with a `kid` when config.toml's [auth] signing_keys_path names a JWK file (the first key signs, all verify).
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { jwtSecret } from './index.ts'

export type JwtClaims = Record<string, unknown>

export type VerifyResult =
  | { ok: true; claims: JwtClaims; header: Record<string, unknown> }
  /** malformed: not three base64url JSON parts; invalid: bad signature, algorithm or key; expired: past exp. */
  | { ok: false; reason: 'malformed' | 'invalid' | 'expired'; message: string }

interface SigningKey {
  kid: string
  alg: 'RS256' | 'ES256'
  privateKey: KeyObject
  publicKey: KeyObject
  publicJwk: Record<string, unknown>
}

export class JwtKeys {
  private readonly signingKeys: SigningKey[]

  /** `signingKeysFile`: a JSON array of private JWKs (what `supabase gen signing-key` writes), if configured. */
  constructor(signingKeysFile?: string) {
    this.signingKeys = signingKeysFile ? loadSigningKeys(signingKeysFile) : []
  }

  sign(claims: JwtClaims): string {
    const key = this.signingKeys[0]
    if (!key) return signHs256(claims)
    const header = { alg: key.alg, typ: 'JWT', kid: key.kid }
    const input = `${b64json(header)}.${b64json(claims)}`
    const signature = sign(key.alg === 'RS256' ? 'sha256' : 'sha256', Buffer.from(input), {
      key: key.privateKey,
      ...(key.alg === 'ES256' ? { dsaEncoding: 'ieee-p1363' as const } : {}),
    })
    return `${input}.${signature.toString('base64url')}`
  }

  verify(token: string, now = Date.now() / 1000): VerifyResult {
    const parts = token.split('.')
    if (parts.length !== 3) {
      return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` }
    }
    const [h, p, s] = parts as [string, string, string]
    let header: Record<string, unknown>
    let claims: JwtClaims
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as JwtClaims
      if (typeof header !== 'object' || header === null || typeof claims !== 'object' || claims === null) throw 0
    } catch {
      return { ok: false, reason: 'malformed', message: 'JWT cryptographic operation failed' }
    }
    const input = Buffer.from(`${h}.${p}`)
    const signature = Buffer.from(s, 'base64url')
    let valid = false
    if (header.alg === 'HS256') {
      const expected = createHmac('sha256', jwtSecret).update(input).digest()
      valid = expected.length === signature.length && timingSafeEqual(expected, signature)
    } else if (header.alg === 'RS256' || header.alg === 'ES256') {
      const key = this.signingKeys.find((k) => k.kid === header.kid && k.alg === header.alg)
      valid =
        key !== undefined &&
        verify(
          'sha256',
          input,
          { key: key.publicKey, ...(key.alg === 'ES256' ? { dsaEncoding: 'ieee-p1363' } : {}) },
          signature,
        )
    }
    // Anything else, `none` included, is never accepted.
    if (!valid) return { ok: false, reason: 'invalid', message: 'JWT cryptographic operation failed' }
    if (typeof claims.exp === 'number' && claims.exp <= now) {
      return { ok: false, reason: 'expired', message: 'JWT expired' }
    }
    return { ok: true, claims, header }
  }

  /** The public keys for /auth/v1/.well-known/jwks.json; the HMAC secret is never published. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.signingKeys.map((k) => k.publicJwk) }
  }
}

export function signHs256(claims: JwtClaims): string {
  const input = `${b64json({ alg: 'HS256', typ: 'JWT' })}.${b64json(claims)}`
  return `${input}.${createHmac('sha256', jwtSecret).update(input).digest('base64url')}`
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function loadSigningKeys(file: string): SigningKey[] {
  const jwks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]
  if (!Array.isArray(jwks)) throw new Error(`${path.basename(file)}: expected a JSON array of JWKs`)
  return jwks
    .filter((jwk) => jwk.kty === 'RSA' || jwk.kty === 'EC')
    .map((jwk) => {
      const privateKey = createPrivateKey({ key: jwk as never, format: 'jwk' })
      const publicKey = createPublicKey(privateKey)
      const exported = publicKey.export({ format: 'jwk' }) as Record<string, unknown>
      const alg = jwk.kty === 'RSA' ? 'RS256' : 'ES256'
      const kid = typeof jwk.kid === 'string' ? jwk.kid : ''
      return { kid, alg, privateKey, publicKey, publicJwk: { ...exported, kid, alg, use: 'sig', key_ops: ['verify'] } }
    })
}

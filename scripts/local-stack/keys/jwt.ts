// JSON Web Tokens of the local stack: HS256 with the local secret, as `supabase start` issues them, and RS256/ES256
// with a `kid` when config.toml's [auth] signing_keys_path names a JWK file (the first key signs, all verify).
// Verification is jose's (compactVerify, with the header and claims decoded first, as golang-jwt and PostgREST do);
// signing stays synchronous on node:crypto, since tokens are minted inline in responses, signed URLs and tests, and
// jose only signs asynchronously.
import { createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { compactVerify, decodeJwt, decodeProtectedHeader, type CompactJWSHeaderParameters } from 'jose'
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

const secret = new TextEncoder().encode(jwtSecret)

/** Anything else, `none` included, is never accepted. */
const algorithms = ['HS256', 'RS256', 'ES256']

export class JwtKeys {
  private readonly signingKeys: SigningKey[]

  /** `signingKeysFile`: a JSON array of private JWKs (what `supabase gen signing-key` writes), if configured. */
  constructor(signingKeysFile?: string) {
    this.signingKeys = signingKeysFile ? loadSigningKeys(signingKeysFile) : []
  }

  sign(claims: JwtClaims): string {
    const key = this.signingKeys[0]
    if (!key) return signHs256(claims)
    const input = `${b64json({ alg: key.alg, typ: 'JWT', kid: key.kid })}.${b64json(claims)}`
    const signature = sign('sha256', Buffer.from(input), {
      key: key.privateKey,
      ...(key.alg === 'ES256' ? { dsaEncoding: 'ieee-p1363' as const } : {}),
    })
    return `${input}.${signature.toString('base64url')}`
  }

  async verify(token: string, now = Date.now() / 1000): Promise<VerifyResult> {
    const parts = token.split('.').length
    if (parts !== 3) return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts}` }
    let header: Record<string, unknown>
    let claims: JwtClaims
    try {
      header = decodeProtectedHeader(token)
      claims = decodeJwt(token)
    } catch {
      return { ok: false, reason: 'malformed', message: 'JWT cryptographic operation failed' }
    }
    try {
      await compactVerify(token, (protectedHeader) => this.verificationKey(protectedHeader), { algorithms })
    } catch {
      return { ok: false, reason: 'invalid', message: 'JWT cryptographic operation failed' }
    }
    if (typeof claims.exp === 'number' && claims.exp <= now) {
      return { ok: false, reason: 'expired', message: 'JWT expired' }
    }
    return { ok: true, claims, header }
  }

  /** The public keys for /auth/v1/.well-known/jwks.json; the HMAC secret is never published. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.signingKeys.map((k) => k.publicJwk) }
  }

  /** The secret for HS256; for RS256/ES256 the signing key with the token's kid, which must match exactly. */
  private verificationKey(header: CompactJWSHeaderParameters): Uint8Array | KeyObject {
    if (header.alg === 'HS256') return secret
    const key = this.signingKeys.find((k) => k.kid === header.kid && k.alg === header.alg)
    if (!key) throw new Error(`no signing key with kid ${String(header.kid)} for ${String(header.alg)}`)
    return key.publicKey
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

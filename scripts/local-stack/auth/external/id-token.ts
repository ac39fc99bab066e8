// Verifying an OpenID Connect ID token the way go-oidc's verifier does for GoTrue: an RS256/ES256 signature by a key
// of the issuer's JWKS, the issuer, the audience (the client id) and the expiry. Returns the claims.
import { constants, createPublicKey, verify, type JsonWebKey } from 'node:crypto'

interface Options {
  issuers: string[]
  audience: string
  jwksUrl: string
}

const algorithms: Record<string, { hash: string | null; dsa?: boolean; pss?: boolean }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pss: true },
  PS384: { hash: 'sha384', pss: true },
  PS512: { hash: 'sha512', pss: true },
  ES256: { hash: 'sha256', dsa: true },
  ES384: { hash: 'sha384', dsa: true },
  ES512: { hash: 'sha512', dsa: true },
  EdDSA: { hash: null },
}

function part(token: string, index: number): Record<string, unknown> {
  const value = JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as unknown
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('oidc: malformed jwt')
  return value as Record<string, unknown>
}

/**
 * A JWS in compact form signed with one of `allowed` by a key of the JWKS at `jwksUrl` (the key with the token's
 * `kid`, else any). Returns its claims and algorithm; checks nothing else.
 */
export async function verifySignedJwt(
  token: string,
  jwksUrl: string,
  allowed: string[],
): Promise<{ claims: Record<string, unknown>; alg: string }> {
  const [headerText, payloadText, signatureText, ...rest] = token.split('.')
  if (!headerText || !payloadText || !signatureText || rest.length > 0) throw new Error('oidc: malformed jwt')
  const header = part(token, 0)
  const alg = String(header.alg)
  const algorithm = algorithms[alg]
  if (!algorithm || !allowed.includes(alg)) throw new Error(`oidc: unsupported signing algorithm ${alg}`)
  const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`oidc: fetching keys: ${response.status}`)
  const { keys } = (await response.json()) as { keys: (JsonWebKey & { kid?: string })[] }
  const candidates = keys.filter((k) => header.kid === undefined || k.kid === header.kid)
  const data = Buffer.from(`${headerText}.${payloadText}`)
  const signature = Buffer.from(signatureText, 'base64url')
  const valid = candidates.some((jwk) => {
    try {
      const key = createPublicKey({ key: jwk, format: 'jwk' })
      return verify(
        algorithm.hash,
        data,
        {
          key,
          ...(algorithm.dsa ? { dsaEncoding: 'ieee-p1363' as const } : {}),
          ...(algorithm.pss
            ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
            : {}),
        },
        signature,
      )
    } catch {
      return false
    }
  })
  if (!valid) throw new Error('oidc: failed to verify signature')
  return { claims: part(token, 1), alg }
}

export async function verifyIdToken(token: string, options: Options): Promise<Record<string, unknown>> {
  const { claims } = await verifySignedJwt(token, options.jwksUrl, ['RS256', 'RS384', 'RS512', 'ES256', 'ES384'])
  if (!options.issuers.includes(String(claims.iss))) throw new Error(`oidc: id token issued by a different provider`)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(options.audience)) throw new Error('oidc: expected audience not in the token')
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new Error('oidc: token is expired')
  return claims
}

// Verifying an OpenID Connect ID token the way go-oidc's verifier does for GoTrue: an RS256/ES256 signature by a key
// of the issuer's JWKS, the issuer, the audience (the client id) and the expiry. Returns the claims.
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto'

interface Options {
  issuers: string[]
  audience: string
  jwksUrl: string
}

const algorithms: Record<string, { hash: string; dsa?: boolean }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  ES256: { hash: 'sha256', dsa: true },
  ES384: { hash: 'sha384', dsa: true },
}

function part(token: string, index: number): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
}

export async function verifyIdToken(token: string, options: Options): Promise<Record<string, unknown>> {
  const [headerText, payloadText, signatureText] = token.split('.')
  if (!headerText || !payloadText || !signatureText) throw new Error('oidc: malformed jwt')
  const header = part(token, 0)
  const algorithm = algorithms[String(header.alg)]
  if (!algorithm) throw new Error(`oidc: unsupported signing algorithm ${String(header.alg)}`)
  const response = await fetch(options.jwksUrl, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`oidc: fetching keys: ${response.status}`)
  const { keys } = (await response.json()) as { keys: (JsonWebKey & { kid?: string })[] }
  const candidates = keys.filter((k) => header.kid === undefined || k.kid === header.kid)
  const data = Buffer.from(`${headerText}.${payloadText}`)
  const signature = Buffer.from(signatureText, 'base64url')
  const valid = candidates.some((jwk) =>
    verify(
      algorithm.hash,
      data,
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: algorithm.dsa ? 'ieee-p1363' : undefined },
      signature,
    ),
  )
  if (!valid) throw new Error('oidc: failed to verify signature')
  const claims = part(token, 1)
  if (!options.issuers.includes(String(claims.iss))) throw new Error(`oidc: id token issued by a different provider`)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(options.audience)) throw new Error('oidc: expected audience not in the token')
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new Error('oidc: token is expired')
  return claims
}

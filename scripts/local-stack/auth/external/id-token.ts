// Verifying an OpenID Connect ID token the way go-oidc's verifier does for GoTrue: a signature by a key of the
// issuer's JWKS (jose's compactVerify with a remote key set, fetched for each token as GoTrue builds its verifier per
// request), then the issuer, the audience (the client id) and the expiry. Returns the claims.
import { compactVerify, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, type CryptoKey } from 'jose'

interface Options {
  issuers: string[]
  audience: string
  jwksUrl: string
}

/** The algorithms go-oidc verifies. */
const supported = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

/**
 * A JWS in compact form signed with one of `allowed` by a key of the JWKS at `jwksUrl` (the key with the token's
 * `kid`, else each key that fits the algorithm in turn). Returns its claims and algorithm; checks nothing else.
 */
export async function verifySignedJwt(
  token: string,
  jwksUrl: string,
  allowed: string[],
): Promise<{ claims: Record<string, unknown>; alg: string }> {
  let alg: string
  let claims: Record<string, unknown>
  try {
    alg = String(decodeProtectedHeader(token).alg)
    claims = decodeJwt(token)
  } catch {
    throw new Error('oidc: malformed jwt')
  }
  const algorithms = allowed.filter((a) => supported.includes(a))
  if (!algorithms.includes(alg)) throw new Error(`oidc: unsupported signing algorithm ${alg}`)
  const keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000 })
  try {
    await compactVerify(token, keySet, { algorithms })
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) {
      throw new Error(`oidc: failed to verify signature: ${(error as Error).message}`, { cause: error })
    }
    if (!(await anyKeyVerifies(token, error, algorithms))) {
      throw new Error('oidc: failed to verify signature', { cause: error })
    }
  }
  return { claims, alg }
}

/** A token without a `kid` and several keys of its algorithm: go-oidc accepts a signature by any of them. */
async function anyKeyVerifies(token: string, candidates: AsyncIterable<CryptoKey>, algorithms: string[]) {
  for await (const key of candidates) {
    try {
      await compactVerify(token, key, { algorithms })
      return true
    } catch {
      // The next key, then.
    }
  }
  return false
}

export async function verifyIdToken(token: string, options: Options): Promise<Record<string, unknown>> {
  const { claims } = await verifySignedJwt(token, options.jwksUrl, ['RS256', 'RS384', 'RS512', 'ES256', 'ES384'])
  if (!options.issuers.includes(String(claims.iss))) throw new Error(`oidc: id token issued by a different provider`)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(options.audience)) throw new Error('oidc: expected audience not in the token')
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new Error('oidc: token is expired')
  return claims
}

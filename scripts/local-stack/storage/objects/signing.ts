// Signed-URL tokens: JWTs signed with the stack's keys (storage-api signs with the project's JWT secret) that name
// one object (`url` = "bucket/key") and what they allow. The scope claim keeps a download link from being used to
// upload and the other way round; a token for another path fails the `url` check. Their own `aud` and `iss` keep
// them apart from access tokens: storage refuses them as bearer tokens, and refuses any other JWT here.
import type { JwtClaims, JwtKeys } from '../../keys/jwt.ts'
import { isSignedUrlToken, signedUrlAudience, verifyStorageToken } from '../caller.ts'
import { errors } from '../errors.ts'

export type TokenScope = 'download' | 'upload'

const signedUrlIssuer = 'summit-storage'

export function signObjectToken(
  keys: JwtKeys,
  url: string,
  scope: TokenScope,
  expiresIn: number,
  extra: JwtClaims = {},
) {
  const iat = Math.floor(Date.now() / 1000)
  return keys.sign({ ...extra, aud: signedUrlAudience, iss: signedUrlIssuer, url, scope, iat, exp: iat + expiresIn })
}

export async function verifyObjectToken(
  keys: JwtKeys,
  token: string | null,
  url: string,
  scope: TokenScope,
): Promise<JwtClaims & { exp?: number }> {
  if (token === null) throw errors.validation("querystring must have required property 'token'")
  const result = await verifyStorageToken(keys, token)
  if (!result.ok) throw errors.invalidJwt(result.message)
  const { claims } = result
  if (!isSignedUrlToken(claims) || claims.iss !== signedUrlIssuer) {
    throw errors.invalidSignature('Token is not a signed URL token')
  }
  if (claims.scope !== scope) throw errors.invalidSignature(`Token is not scoped for ${scope}`)
  if (claims.url !== url) throw errors.invalidSignature()
  return claims
}

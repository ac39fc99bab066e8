// A minimal OpenID Connect issuer for the id_token grant's tests: the discovery document and a JWKS on an ephemeral
// port, and ID tokens signed with its RSA key (or tampered, or by another key) as a native SDK would hand them over.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'

export interface OidcIssuer {
  /** The issuer URL (`http://127.0.0.1:<port>`), also what the discovery document names. */
  url: string
  /** An RS256 ID token with these claims (iss, iat and exp filled in unless given). */
  sign(claims: Record<string, unknown>, options?: { foreignKey?: boolean }): string
  /** The `at_hash` of an access token for an RS256 ID token. */
  atHash(accessToken: string): string
  stop(): Promise<void>
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function signWith(key: KeyObject, header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const input = `${encode(header)}.${encode(claims)}`
  const signature = createSign('RSA-SHA256').update(input).sign(key).toString('base64url')
  return `${input}.${signature}`
}

export async function startOidcIssuer(): Promise<OidcIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }
  let url = ''
  const server: Server = createServer((req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.url === '/.well-known/openid-configuration') {
      return send({
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
      })
    }
    if (req.url === '/jwks') return send({ keys: [jwk] })
    res.writeHead(404)
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  url = `http://127.0.0.1:${port}`
  return {
    url,
    sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000)
      const full = { iss: url, iat: now, exp: now + 600, ...claims }
      return signWith(options.foreignKey ? foreign : privateKey, { alg: 'RS256', typ: 'JWT', kid: 'test-key' }, full)
    },
    atHash(accessToken) {
      return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url')
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

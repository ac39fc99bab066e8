// Who is calling /oauth/token: GoTrue v2.189's requireOAuthClientAuth and ExtractClientCredentials. Credentials come
// from a Basic header (client_secret_basic), else from the JSON or form body (client_secret_post with a secret,
// none without); the method must be the one the client registered, and a confidential client's secret must match.
import { badRequest } from '../errors.ts'
import type { AuthContext } from '../context.ts'
import type { AuthRequest } from '../http/request.ts'
import { parseGoUuid } from './client-params.ts'
import { findClient, secretMatches, type AuthMethod, type ClientRow } from './clients.ts'

/** The token request's parameters: a JSON object, or the form body and then the query (Go's r.FormValue). */
export interface TokenBody {
  json: boolean
  /** Undefined when a JSON body does not parse. */
  values: Record<string, unknown> | undefined
}

export async function readTokenBody(request: AuthRequest): Promise<TokenBody> {
  const raw = (await request.rawBody()).toString('utf8')
  if ((request.header('content-type') ?? '').includes('application/json')) {
    try {
      const value: unknown = JSON.parse(raw)
      if (value === null) return { json: true, values: {} }
      const isObject = typeof value === 'object' && !Array.isArray(value)
      return { json: true, values: isObject ? (value as Record<string, unknown>) : undefined }
    } catch {
      return { json: true, values: undefined }
    }
  }
  const values: Record<string, unknown> = {}
  const form = (request.header('content-type') ?? '').includes('application/x-www-form-urlencoded')
  for (const source of [form ? new URLSearchParams(raw) : new URLSearchParams(), request.query]) {
    for (const [key, value] of source) if (!(key in values)) values[key] = value
  }
  return { json: false, values }
}

const invalid = (message: string) => badRequest('invalid_credentials', message)

function credentials(request: AuthRequest, body: TokenBody) {
  const header = request.header('authorization') ?? ''
  if (header.startsWith('Basic ')) {
    const encoded = header.slice(6)
    // Go's base64.StdEncoding: padded, no stray characters.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
      throw invalid('Invalid client credentials: invalid basic auth encoding')
    }
    const decoded = Buffer.from(encoded, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) throw invalid('Invalid client credentials: invalid basic auth format')
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1), method: 'client_secret_basic' as const }
  }
  const values = body.values
  if (!values) throw invalid('Invalid client credentials: failed to parse JSON body')
  const text = (key: string) => {
    const value = values[key]
    if (value === undefined || value === null) return ''
    if (typeof value !== 'string') throw invalid('Invalid client credentials: failed to parse JSON body')
    return value
  }
  const id = text('client_id')
  const secret = text('client_secret')
  if (id === '') throw invalid('Invalid client credentials: client_id is required')
  const method: AuthMethod = secret ? 'client_secret_post' : 'none'
  return { id, secret, method }
}

export async function authenticateClient(
  context: AuthContext,
  request: AuthRequest,
  body: TokenBody,
): Promise<ClientRow> {
  const given = credentials(request, body)
  const id = parseGoUuid(given.id)
  if (!id) throw invalid('Invalid client_id format')
  const client = await findClient(context.db, id)
  if (!client) throw invalid('Invalid client credentials')
  if (given.method !== client.token_endpoint_auth_method) {
    throw invalid(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but ` +
        `'${given.method}' was used`,
    )
  }
  if (client.client_type === 'public') {
    if (given.secret !== '') throw invalid('public clients must not provide client_secret')
  } else if (given.secret === '') {
    throw invalid('confidential clients must provide client_secret')
  } else if (!secretMatches(given.secret, client.client_secret_hash)) {
    throw invalid('invalid client credentials')
  }
  return client
}

// The bodies of client registration and update as GoTrue v2.189 decodes and checks them (oauthserver/service.go):
// Go's json decoder (keys matched case-insensitively, null is absent, a wrong type fails the whole body) and the
// validations in GoTrue's order, with its messages.
import { AuthError, badRequest } from '../errors.ts'
import type { AuthMethod, ClientType } from './clients.ts'

type Json = Record<string, unknown>

export const authMethods: AuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post']

/** A JSON object body, or Go's decode failure with `message` ("Invalid JSON body"). */
export function decodeObject(body: Buffer, message: string): Json {
  const invalid = () => badRequest('bad_json', message)
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    throw invalid()
  }
  if (value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid()
  return value as Json
}

/** Go's field lookup: the exact key, else the first that matches ignoring case. */
function field(body: Json, name: string): unknown {
  if (name in body) return body[name]
  const key = Object.keys(body).find((k) => k.toLowerCase() === name)
  return key === undefined ? undefined : body[key]
}

function stringField(body: Json, name: string, message: string): string | undefined {
  const value = field(body, name)
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw badRequest('bad_json', message)
  return value
}

function listField(body: Json, name: string, message: string): string[] | undefined {
  const value = field(body, name)
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw badRequest('bad_json', message)
  return value as string[]
}

export interface RegisterParams {
  redirectUris: string[]
  clientType: string
  authMethod: string
  grantTypes: string[]
  clientName: string
  clientUri: string
  logoUri: string
}

export function registerParams(body: Json): RegisterParams {
  const message = 'Invalid JSON body'
  return {
    redirectUris: listField(body, 'redirect_uris', message) ?? [],
    clientType: stringField(body, 'client_type', message) ?? '',
    authMethod: stringField(body, 'token_endpoint_auth_method', message) ?? '',
    grantTypes: listField(body, 'grant_types', message) ?? [],
    clientName: stringField(body, 'client_name', message) ?? '',
    clientUri: stringField(body, 'client_uri', message) ?? '',
    logoUri: stringField(body, 'logo_uri', message) ?? '',
  }
}

export interface UpdateParams {
  redirectUris?: string[]
  grantTypes?: string[]
  clientName?: string
  clientUri?: string
  logoUri?: string
  authMethod?: string
}

export function updateParams(body: Json): UpdateParams {
  const message = 'Invalid JSON body'
  const params: UpdateParams = {
    redirectUris: listField(body, 'redirect_uris', message),
    grantTypes: listField(body, 'grant_types', message),
    clientName: stringField(body, 'client_name', message),
    clientUri: stringField(body, 'client_uri', message),
    logoUri: stringField(body, 'logo_uri', message),
    authMethod: stringField(body, 'token_endpoint_auth_method', message),
  }
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as UpdateParams
}

const invalid = (message: string) => badRequest('validation_failed', message)

/** GoTrue's validateRedirectURI (the reason, or undefined when the URI is acceptable). */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty'
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(uri) ? 'invalid URL format' : 'must have scheme and host'
  }
  const scheme = url.protocol.slice(0, -1)
  if (url.host === '') return 'must have scheme and host'
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme.toLowerCase())) {
    return `scheme '${scheme}' is not allowed for security reasons`
  }
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return 'HTTP scheme only allowed for localhost'
  }
  if (url.hash.length > 1) return 'fragment not allowed in redirect URI'
  return undefined
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required')
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty')
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items')
  for (const uri of uris) {
    const problem = redirectUriProblem(uri)
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`)
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty')
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token')) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'")
  }
}

// Go's url.ParseRequestURI: an absolute URI or an absolute path.
const requestUri = /^(\/|[a-z][a-z0-9+.-]*:)\S*$/i

function checkUri(uri: string, name: string): void {
  if (uri === '') return
  if (uri.length > 2048) throw invalid(`${name} cannot exceed 2048 characters`)
  if (!requestUri.test(uri)) throw invalid(`${name} must be a valid URL`)
}

function checkName(name: string): void {
  if (name.length > 1024) throw invalid('client_name cannot exceed 1024 characters')
}

export function inferredClientType(method: string): ClientType {
  return method === 'none' ? 'public' : 'confidential'
}

const methodsFor = (type: string): AuthMethod[] =>
  type === 'public' ? ['none'] : type === 'confidential' ? ['client_secret_basic', 'client_secret_post'] : []

const goList = (items: string[]) => `[${items.join(' ')}]`

/** OAuthServerClientRegisterParams.validate, then the defaults registerOAuthServerClient applies. */
export function checkRegistration(params: RegisterParams): { clientType: ClientType; authMethod: AuthMethod } {
  checkRedirectUris(params.redirectUris, true)
  if (params.grantTypes.length > 0) checkGrantTypes(params.grantTypes)
  checkName(params.clientName)
  checkUri(params.clientUri, 'client_uri')
  checkUri(params.logoUri, 'logo_uri')
  if (params.clientType !== '' && params.clientType !== 'public' && params.clientType !== 'confidential') {
    throw invalid("client_type must be 'public' or 'confidential'")
  }
  if (params.authMethod !== '' && !authMethods.includes(params.authMethod as AuthMethod)) {
    throw invalid(`token_endpoint_auth_method must be one of: ${goList(authMethods)}`)
  }
  if (params.clientType !== '' && params.authMethod !== '') {
    const expected = inferredClientType(params.authMethod)
    if (params.clientType !== expected) {
      throw invalid(
        `client_type '${params.clientType}' is inconsistent with token_endpoint_auth_method '${params.authMethod}' ` +
          `(expected client_type '${expected}')`,
      )
    }
  }
  const clientType: ClientType =
    (params.clientType as ClientType) || (params.authMethod ? inferredClientType(params.authMethod) : 'confidential')
  const authMethod: AuthMethod =
    (params.authMethod as AuthMethod) || (clientType === 'public' ? 'none' : 'client_secret_basic')
  return { clientType, authMethod }
}

/** OAuthServerClientUpdateParams.validate and the client-type check of updateOAuthServerClient. */
export function checkUpdate(params: UpdateParams, clientType: ClientType): void {
  if (params.redirectUris) checkRedirectUris(params.redirectUris, false)
  if (params.grantTypes) checkGrantTypes(params.grantTypes)
  if (params.clientName !== undefined) checkName(params.clientName)
  if (params.clientUri !== undefined) checkUri(params.clientUri, 'client_uri')
  if (params.logoUri !== undefined) checkUri(params.logoUri, 'logo_uri')
  const method = params.authMethod
  if (method === undefined) return
  if (!authMethods.includes(method as AuthMethod)) {
    throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(authMethods)}`)
  }
  if (!methodsFor(clientType).includes(method as AuthMethod)) {
    throw invalid(
      `token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ` +
        goList(methodsFor(clientType)),
    )
  }
}

/** GoTrue's admin create wraps a validation error's text ("400: <message>") in a new 400. */
export function rewrapped(error: unknown): unknown {
  if (error instanceof AuthError) {
    return badRequest('validation_failed', `${error.status}: ${error.message}`)
  }
  return error
}

/** gofrs/uuid's FromString: canonical, braced, urn:uuid: or 32 hex digits; the canonical lowercase form. */
export function parseGoUuid(text: string): string | undefined {
  const inner = /^urn:uuid:(.*)$/i.exec(text)?.[1] ?? /^\{(.*)\}$/.exec(text)?.[1] ?? text
  const hex = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(inner)
    ? inner.replace(/-/g, '')
    : inner
  if (!/^[0-9a-f]{32}$/i.test(hex)) return undefined
  const h = hex.toLowerCase()
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

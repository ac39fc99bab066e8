// The admin clients API (/admin/oauth/clients, service_role or supabase_admin JWT) and dynamic registration
// (/oauth/clients/register), as GoTrue v2.189's oauthserver handlers answer them. The list is not paginated: GoTrue
// returns every client, newest first, and ignores page and per_page (its own TODO says so).
import type { AuthContext } from '../context.ts'
import { newId } from '../crypto.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import type { AuthHandler, AuthRequest } from '../http/request.ts'
import { sendJson, sendNoContent } from '../http/response.ts'
import {
  checkRegistration,
  checkUpdate,
  decodeObject,
  parseGoUuid,
  registerParams,
  rewrapped,
  updateParams,
} from './client-params.ts'
import {
  clientJson,
  findClient,
  hashClientSecret,
  insertClient,
  listClients,
  newClientSecret,
  saveClient,
  softDeleteClient,
  type ClientRow,
} from './clients.ts'

/** GoTrue's LoadOAuthServerClient: the {client_id} of the path, not deleted. */
async function loadClient(context: AuthContext, request: AuthRequest): Promise<ClientRow> {
  const id = parseGoUuid(request.params.client_id ?? '')
  if (!id) throw badRequest('validation_failed', 'invalid client_id format')
  const client = await findClient(context.db, id)
  if (!client) throw notFound('oauth_client_not_found', 'OAuth client not found')
  return client
}

async function register(context: AuthContext, request: AuthRequest, registrationType: 'manual' | 'dynamic') {
  const params = registerParams(decodeObject(await request.rawBody(), 'Invalid JSON body'))
  let kind: ReturnType<typeof checkRegistration>
  try {
    kind = checkRegistration(params)
  } catch (error) {
    throw rewrapped(error)
  }
  const secret = kind.clientType === 'confidential' ? newClientSecret() : undefined
  const client = await insertClient(
    context.db,
    newId(),
    {
      registrationType,
      clientType: kind.clientType,
      authMethod: kind.authMethod,
      redirectUris: params.redirectUris,
      grantTypes: params.grantTypes.length > 0 ? params.grantTypes : ['authorization_code', 'refresh_token'],
      clientName: params.clientName,
      clientUri: params.clientUri,
      logoUri: params.logoUri,
    },
    secret === undefined ? null : hashClientSecret(secret),
  )
  sendJson(request.res, 201, clientJson(client, secret))
}

export const createClient: AuthHandler = (context, request) => register(context, request, 'manual')

export const registerDynamically: AuthHandler = async (context, request) => {
  // Limited once the server is known to be on, as GoTrue's limitHandler sits after its feature check.
  context.limits.enforce('oauthClientRegister', request.clientKey)
  if (!context.settings.oauthServer.allowDynamicRegistration) {
    throw forbidden('oauth_dynamic_client_registration_disabled', 'Dynamic client registration is not enabled')
  }
  await register(context, request, 'dynamic')
}

export const listAll: AuthHandler = async (context, request) => {
  const clients = await listClients(context.db)
  // `clients` is omitempty in GoTrue's response: no clients, an empty object.
  sendJson(request.res, 200, clients.length > 0 ? { clients: clients.map((c) => clientJson(c)) } : {})
}

export const getOne: AuthHandler = async (context, request) => {
  sendJson(request.res, 200, clientJson(await loadClient(context, request)))
}

export const update: AuthHandler = async (context, request) => {
  const client = await loadClient(context, request)
  const params = updateParams(decodeObject(await request.rawBody(), 'Invalid JSON body'))
  if (Object.keys(params).length === 0) throw badRequest('validation_failed', 'No fields provided for update')
  checkUpdate(params, client.client_type)
  const changed: ClientRow = { ...client }
  if (params.redirectUris) changed.redirect_uris = params.redirectUris.join(',')
  if (params.grantTypes) changed.grant_types = params.grantTypes.join(',')
  if (params.clientName !== undefined) changed.client_name = params.clientName || null
  if (params.clientUri !== undefined) changed.client_uri = params.clientUri || null
  if (params.logoUri !== undefined) changed.logo_uri = params.logoUri || null
  if (params.authMethod !== undefined)
    changed.token_endpoint_auth_method = params.authMethod as ClientRow['token_endpoint_auth_method']
  sendJson(request.res, 200, clientJson(await saveClient(context.db, changed)))
}

export const remove: AuthHandler = async (context, request) => {
  const client = await loadClient(context, request)
  await softDeleteClient(context.db, client.id)
  sendNoContent(request.res)
}

export const regenerateSecret: AuthHandler = async (context, request) => {
  const client = await loadClient(context, request)
  if (client.client_type !== 'confidential') {
    throw badRequest('validation_failed', 'Cannot regenerate secret for public client')
  }
  const secret = newClientSecret()
  const saved = await saveClient(context.db, { ...client, client_secret_hash: hashClientSecret(secret) })
  sendJson(request.res, 200, clientJson(saved, secret))
}

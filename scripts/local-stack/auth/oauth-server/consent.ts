// The consent page's calls, as auth-js makes them (auth.oauth.getAuthorizationDetails, approveAuthorization,
// denyAuthorization) and GoTrue v2.189 answers them: the signed-in user claims the pending authorization and reads
// who asks for what, unless an earlier consent already covers the scopes (then it is approved at once); approving
// stores the consent and hands back the app's redirect with a code, denying the redirect with access_denied.
import type { AuthContext } from '../context.ts'
import { inTransaction } from '../db.ts'
import { badRequest, notFound } from '../errors.ts'
import type { AuthHandler, AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import { isRedirectAllowed } from '../validate.ts'
import type { Queryable } from '../db.ts'
import {
  approve,
  deny,
  findActiveConsent,
  findAuthorization,
  isExpired,
  markExpired,
  scopeList,
  setUser,
  upsertConsent,
  type AuthorizationRow,
} from './authorizations.ts'
import { errorRedirect, successRedirect } from './authorize.ts'
import { clientDetailsJson, type ClientRow } from './clients.ts'
import { decodeObject } from './client-params.ts'

const authorizationNotFound = () => notFound('oauth_authorization_not_found', 'authorization not found')

/** A browser's Origin must be one Auth may redirect to (the consent page was reached by such a redirect). */
function checkOrigin(context: AuthContext, request: AuthRequest): void {
  const origin = request.header('origin')
  if (origin && !isRedirectAllowed(origin, context.settings)) {
    throw badRequest('validation_failed', 'unauthorized request origin')
  }
}

/** validateAndFindAuthorization: exists, not expired (it is marked so then), still pending. */
async function pendingAuthorization(db: Queryable, id: string, forUpdate = false): Promise<AuthorizationRow> {
  const authorization = await findAuthorization(db, id, forUpdate)
  if (!authorization) throw authorizationNotFound()
  if (isExpired(authorization)) {
    await markExpired(db, authorization)
    throw authorizationNotFound()
  }
  if (authorization.status !== 'pending') {
    throw badRequest('validation_failed', 'authorization request cannot be processed')
  }
  return authorization
}

async function clientOf(context: AuthContext, authorization: AuthorizationRow) {
  // GoTrue loads the client whether or not it was deleted since.
  const { rows } = await context.db.query<Pick<ClientRow, 'id' | 'client_name' | 'client_uri' | 'logo_uri'>>(
    'select id, client_name, client_uri, logo_uri from auth.oauth_clients where id = $1',
    [authorization.client_id],
  )
  return rows[0] ?? { id: authorization.client_id, client_name: null, client_uri: null, logo_uri: null }
}

export const getAuthorization: AuthHandler = async (context, request) => {
  checkOrigin(context, request)
  const { user } = request.caller()
  const authorization = await pendingAuthorization(context.db, request.params.authorization_id ?? '')
  if (authorization.user_id === null) {
    const autoApprove = await inTransaction(context.db, async (tx) => {
      await setUser(tx, authorization, user.id)
      const consent = await findActiveConsent(tx, user.id, authorization.client_id)
      const granted = scopeList(consent?.scopes)
      return consent !== undefined && scopeList(authorization.scope).every((s) => granted.includes(s))
    })
    if (autoApprove) {
      await inTransaction(context.db, (tx) => approve(tx, authorization))
      return sendJson(request.res, 200, { redirect_url: successRedirect(authorization) })
    }
  } else if (authorization.user_id !== user.id) {
    throw authorizationNotFound()
  }
  const details: Record<string, unknown> = { authorization_id: authorization.authorization_id }
  if (authorization.redirect_uri) details.redirect_uri = authorization.redirect_uri
  details.client = clientDetailsJson(await clientOf(context, authorization))
  details.user = { id: user.id, ...(user.email ? { email: user.email } : {}) }
  if (authorization.scope) details.scope = authorization.scope
  sendJson(request.res, 200, details)
}

export const consent: AuthHandler = async (context, request) => {
  checkOrigin(context, request)
  const { user } = request.caller()
  const body = decodeObject(await request.rawBody(), 'invalid JSON body')
  const action = body.action
  if (action !== undefined && action !== null && typeof action !== 'string') {
    throw badRequest('bad_json', 'invalid JSON body')
  }
  if (action !== 'approve' && action !== 'deny') {
    throw badRequest('validation_failed', "action must be 'approve' or 'deny'")
  }
  const id = request.params.authorization_id ?? ''
  const found = await pendingAuthorization(context.db, id)
  if (found.user_id !== user.id) throw authorizationNotFound()
  const redirectUrl = await inTransaction(context.db, async (tx) => {
    const authorization = await findAuthorization(tx, id, true)
    if (!authorization) throw authorizationNotFound()
    if (isExpired(authorization)) {
      await markExpired(tx, authorization)
      throw authorizationNotFound()
    }
    if (authorization.status !== 'pending') {
      throw badRequest('validation_failed', 'authorization request is no longer pending')
    }
    if (action === 'approve') {
      await approve(tx, authorization)
      await upsertConsent(tx, user.id, authorization.client_id, scopeList(authorization.scope))
      return successRedirect(authorization)
    }
    await deny(tx, authorization)
    return errorRedirect(
      authorization.redirect_uri,
      'access_denied',
      'User denied the request',
      authorization.state ?? '',
    )
  })
  sendJson(request.res, 200, { redirect_url: redirectUrl })
}

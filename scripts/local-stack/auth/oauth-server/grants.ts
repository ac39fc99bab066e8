// What a signed-in user sees of the OAuth server (GoTrue v2.189): the apps they granted access to
// (GET /user/oauth/grants, auth.oauth.listGrants), revoking one (DELETE ?client_id=, auth.oauth.revokeGrant, which
// also ends that app's sessions of the user), and the OIDC userinfo of an access token (GET /oauth/userinfo),
// filtered by the scopes its session was granted.
import { goTime, inTransaction } from '../db.ts'
import { badRequest, notFound } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendJson, sendNoContent } from '../http/response.ts'
import { activeConsents, findActiveConsent, revokeConsent, scopeList } from './authorizations.ts'
import { parseGoUuid } from './client-params.ts'
import { clientDetailsJson, findClient } from './clients.ts'

export const listGrants: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  const grants = []
  for (const consent of await activeConsents(context.db, user.id)) {
    // Consents of deleted clients are left out.
    const client = await findClient(context.db, consent.client_id)
    if (!client) continue
    grants.push({
      client: clientDetailsJson(client),
      scopes: scopeList(consent.scopes),
      granted_at: goTime(consent.granted_at),
    })
  }
  sendJson(request.res, 200, grants)
}

export const revokeGrant: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  const text = request.query.get('client_id') ?? ''
  if (text === '') throw badRequest('validation_failed', 'client_id query parameter is required')
  const clientId = parseGoUuid(text)
  if (!clientId) throw badRequest('validation_failed', 'invalid client_id format')
  const consent = await findActiveConsent(context.db, user.id, clientId)
  if (!consent) throw notFound('oauth_consent_not_found', 'No active grant found for this client')
  await inTransaction(context.db, async (tx) => {
    await revokeConsent(tx, consent)
    await tx.query('delete from auth.sessions where user_id = $1 and oauth_client_id = $2', [user.id, clientId])
  })
  sendNoContent(request.res)
}

export const userInfo: AuthHandler = async (context, request) => {
  const { user, session } = request.caller()
  const info: Record<string, unknown> = { sub: user.id }
  if (!session) return sendJson(request.res, 200, info)
  const { rows } = await context.db.query<{ scopes: string | null }>('select scopes from auth.sessions where id = $1', [
    session.id,
  ])
  const scopes = scopeList(rows[0]?.scopes)
  const metadata = user.raw_user_meta_data ?? {}
  const text = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : '')
  if (scopes.includes('email')) {
    if (user.email) info.email = user.email
    if (user.email_confirmed_at) info.email_verified = true
  }
  if (scopes.includes('profile')) {
    const name = text('name') || user.email || ''
    if (name) info.name = name
    const picture = text('picture') || text('avatar_url')
    if (picture) info.picture = picture
    const username = text('preferred_username') || text('username')
    if (username) info.preferred_username = username
    const updatedAt = user.updated_at ? Date.parse(goTime(user.updated_at)) : 0
    if (updatedAt > 0) info.updated_at = Math.floor(updatedAt / 1000)
    if (user.raw_user_meta_data) info.user_metadata = user.raw_user_meta_data
  }
  if (scopes.includes('phone')) {
    if (user.phone) info.phone = user.phone
    if (user.phone_confirmed_at) info.phone_verified = true
  }
  // A Go map: its keys marshal sorted.
  sendJson(request.res, 200, Object.fromEntries(Object.entries(info).sort(([a], [b]) => (a < b ? -1 : 1))))
}

// The admin MFA API: GET /admin/users/{id}/factors, and DELETE or PUT (friendly_name) one of them.
import type { AuthContext } from '../context.ts'
import { notFound } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { Router } from '../http/router.ts'
import { factorJson } from '../models/serialize.ts'
import { isUuid, type FactorRow, type UserRow } from '../models/users.ts'
import { requireAdmin } from '../tokens/authenticate.ts'
import { loadUserParam } from './admin-users.ts'

function factorParam(request: AuthRequest, user: UserRow): FactorRow {
  const id = request.params.factor_id ?? ''
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID')
  const factor = user.factors.find((f) => f.id === id)
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

export function adminFactorRoutes(router: Router, context: AuthContext): void {
  router.add('GET', '/admin/users/:user_id/factors', async (request) => {
    requireAdmin(context, request)
    const user = await loadUserParam(context, request)
    sendJson(request.res, 200, user.factors.map(factorJson))
  })

  router.add('DELETE', '/admin/users/:user_id/factors/:factor_id', async (request) => {
    requireAdmin(context, request)
    const factor = factorParam(request, await loadUserParam(context, request))
    await context.db.query('delete from auth.mfa_factors where id = $1', [factor.id])
    sendJson(request.res, 200, factorJson(factor))
  })

  router.add('PUT', '/admin/users/:user_id/factors/:factor_id', async (request) => {
    requireAdmin(context, request)
    const factor = factorParam(request, await loadUserParam(context, request))
    const params = await request.json('adminUserUpdateFactorParams')
    const name = params.string('friendly_name')
    if (name !== '') {
      await context.db.query('update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1', [
        factor.id,
        name,
      ])
    }
    sendJson(request.res, 200, factorJson({ ...factor, friendly_name: name || factor.friendly_name }))
  })
}

// The admin MFA API: GET /admin/users/{id}/factors, and DELETE or PUT (friendly_name) one of them.
import { notFound } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { factorJson } from '../models/serialize.ts'
import { isUuid, type FactorRow, type UserRow } from '../models/users.ts'
import { loadUserParam } from './admin-users.ts'

function factorParam(request: AuthRequest, user: UserRow): FactorRow {
  const id = request.params.factor_id ?? ''
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID')
  const factor = user.factors.find((f) => f.id === id)
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

export const listUserFactors: AuthHandler = async (context, request) => {
  const user = await loadUserParam(context, request)
  sendJson(request.res, 200, user.factors.map(factorJson))
}

export const deleteUserFactor: AuthHandler = async (context, request) => {
  const factor = factorParam(request, await loadUserParam(context, request))
  await context.db.query('delete from auth.mfa_factors where id = $1', [factor.id])
  sendJson(request.res, 200, factorJson(factor))
}

export const updateUserFactor: AuthHandler = async (context, request) => {
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
}

// The plan step's entry (PostgREST's Plan.actionPlan): from the parsed request's target and method, the action to
// take — an OPTIONS or OpenAPI answer that needs no database, or a read, mutation or call planned against the cache.
import { apiErrors } from '../errors.ts'
import type { RequestContext } from '../request/context.ts'
import { negotiateOutput } from '../request/media.ts'
import type { Target } from '../request/parse.ts'
import { closest } from '../schema-cache/fuzzy.ts'
import { key, type Table } from '../schema-cache/types.ts'
import { planCall, type CallAction } from './call-action.ts'
import { planMutation, type MutateAction } from './mutate-action.ts'
import { planTableRead, type ReadAction } from './read-action.ts'

export type ActionPlan =
  /** OPTIONS: the methods the resource allows. */
  | { kind: 'info'; allow: string }
  /** `GET /`: the OpenAPI description of the schema. */
  | { kind: 'openapi' }
  | ReadAction
  | MutateAction
  | CallAction

export function planAction(ctx: RequestContext, target: Target, body: Buffer): ActionPlan {
  const { method } = ctx
  if (target.kind === 'root') {
    if (method === 'OPTIONS') return { kind: 'info', allow: 'OPTIONS,GET,HEAD' }
    if (method !== 'GET' && method !== 'HEAD') throw apiErrors.unsupportedMethod(method)
    negotiateOutput(ctx.headers.accept as string | undefined, true)
    return { kind: 'openapi' }
  }
  if (target.kind === 'rpc') {
    if (method === 'OPTIONS') return { kind: 'info', allow: routineAllow(ctx, target.name) }
    if (!['GET', 'HEAD', 'POST'].includes(method)) throw apiErrors.invalidRpcMethod(method)
    return planCall(ctx, target.name, body)
  }
  const table = ctx.cache.tables.get(key(ctx.schema, target.name))
  if (!table) {
    const names = [...ctx.cache.tables.values()].filter((t) => t.schema === ctx.schema).map((t) => t.name)
    throw apiErrors.tableNotFound(ctx.schema, target.name, closest(target.name, names))
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return planTableRead(ctx, table)
    case 'POST':
      return planMutation(ctx, table, 'insert', body)
    case 'PATCH':
      return planMutation(ctx, table, 'update', body)
    case 'PUT':
      return planMutation(ctx, table, 'put', body)
    case 'DELETE':
      return planMutation(ctx, table, 'delete', body)
    case 'OPTIONS':
      return { kind: 'info', allow: tableAllow(table) }
    default:
      throw apiErrors.unsupportedMethod(method)
  }
}

function routineAllow(ctx: RequestContext, name: string): string {
  const routines = ctx.cache.routines.get(key(ctx.schema, name))
  if (!routines)
    throw apiErrors.noFunction(
      `Could not find the function ${ctx.schema}.${name} without parameters in the schema cache`,
      `Searched for the function ${ctx.schema}.${name} without parameters, but no matches were found in the schema cache.`,
      null,
    )
  return routines.every((r) => r.volatility === 'volatile') ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST'
}

export function tableAllow(table: Table): string {
  const methods = ['OPTIONS', 'GET', 'HEAD']
  if (table.insertable) methods.push('POST')
  if (table.insertable && table.updatable && table.primaryKey.length > 0) methods.push('PUT')
  if (table.updatable) methods.push('PATCH')
  if (table.deletable) methods.push('DELETE')
  return methods.join(',')
}

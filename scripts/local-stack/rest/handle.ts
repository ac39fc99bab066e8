// The REST request path, linear like PostgREST's: authenticate → parse (request/) → plan (plan/) → statement
// (sql/) → run (execute/) → render (render/). Any failure becomes PostgREST's error response; one nothing maps (a
// bug, including one met while writing the response) is answered 500 PGRSTX00 and reported, never left as a
// rejected promise.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyAbortedError } from '../http/body.ts'
import type { Authenticator } from './auth/caller.ts'
import { apiErrors } from './errors.ts'
import type { RestPool } from './execute/database.ts'
import { runRequest } from './execute/transaction.ts'
import { planAction, type ActionPlan } from './plan/action.ts'
import { readBody } from './request/body.ts'
import type { RequestContext, ServiceSettings } from './request/context.ts'
import { parseContext, parseTarget } from './request/parse.ts'
import { renderCall } from './render/call.ts'
import { withUpstreamNames } from './render/embed-names.ts'
import { sendError, toApiError } from './render/failure.ts'
import { renderMutation } from './render/mutate.ts'
import { openApi, optionsResponse } from './render/openapi.ts'
import { renderPlan } from './render/plan.ts'
import { renderRead } from './render/read.ts'
import { send, type RestResponse } from './render/response.ts'
import type { SchemaCache } from './schema-cache/types.ts'
import { requestStatements } from './sql/request.ts'

export interface HandlerDeps {
  db: RestPool
  auth: Authenticator
  settings: ServiceSettings
  cache: () => SchemaCache | undefined
  onInternalError: (error: unknown) => void
}

const methodsWithBody = new Set(['POST', 'PATCH', 'PUT'])
const noBody = Buffer.alloc(0)

export async function handleRest(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const head = (req.method ?? 'GET').toUpperCase() === 'HEAD'
  let authenticated = false
  try {
    const caller = await deps.auth.authenticate(req.headers.authorization)
    authenticated = !caller.isAnon
    const cache = deps.cache()
    if (!cache) throw apiErrors.noSchemaCache()
    const ctx = parseContext(req, path, caller, cache, deps.settings)
    const body = methodsWithBody.has(ctx.method) ? await readBody(req) : noBody
    const plan = planAction(ctx, parseTarget(ctx.path), body)
    send(res, await respond(deps, ctx, plan, req.headers.host), head)
  } catch (error) {
    // The client hung up mid-body: there is no one left to answer.
    if (error instanceof BodyAbortedError) return
    try {
      sendError(res, toApiError(error, authenticated, deps.onInternalError))
    } catch (sendFailure) {
      deps.onInternalError(sendFailure)
      sendError(res, apiErrors.internal())
    }
  }
}

/** Statement, run and render for actions that need the database; the others are answered from the plan. */
async function respond(
  deps: HandlerDeps,
  ctx: RequestContext,
  plan: ActionPlan,
  host: string | undefined,
): Promise<RestResponse> {
  switch (plan.kind) {
    case 'info':
      return optionsResponse(plan.allow)
    case 'openapi':
      return openApi(ctx, host)
  }
  let result
  try {
    result = await runRequest(deps.db, requestStatements(ctx, plan))
  } catch (error) {
    throw withUpstreamNames(error, plan.root)
  }
  if (plan.explain) return renderPlan(ctx, plan.explain, result)
  switch (plan.kind) {
    case 'read':
      return renderRead(ctx, plan, result)
    case 'mutate':
      return renderMutation(ctx, plan, result)
    case 'call':
      return renderCall(ctx, plan, result)
  }
}

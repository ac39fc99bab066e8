// The answer to a function call: like a read (Content-Range, 206/416, single object), 204 for a void function,
// and the checks of a read-only call applied here, once its rows are known.
import { apiErrors } from '../errors.ts'
import type { RunResult } from '../execute/transaction.ts'
import type { CallAction } from '../plan/call-action.ts'
import type { RequestContext } from '../request/context.ts'
import { bodyHeaders, preferenceApplied } from './headers.ts'
import { rangeStatus } from './range.ts'
import { applyGucs, type RestResponse } from './response.ts'
import { reportedTotal } from './totals.ts'

export function renderCall(ctx: RequestContext, plan: CallAction, { row, planned }: RunResult): RestResponse {
  const { root, output, strictMax } = plan
  if (plan.readOnly) {
    const failure = plan.check(row)
    if (failure) throw failure
  }
  const count = ctx.prefs.count
  const total = reportedTotal(ctx, row, planned)
  const { status, contentRange } = rangeStatus(root.range.offset, row.pageTotal, total)
  if (status === 416) throw apiErrors.outOfBounds(root.range.offset, total ?? 0)
  const prefs = preferenceApplied(ctx, {
    ...(count ? { count } : {}),
    ...(strictMax !== undefined ? { maxAffected: strictMax } : {}),
  })
  const response: RestResponse =
    plan.routine.returns.kind === 'void'
      ? { status: 204, headers: { 'Content-Range': contentRange, ...prefs }, body: '' }
      : {
          status,
          headers: { 'Content-Range': contentRange, ...prefs, ...bodyHeaders(ctx, output) },
          body: ctx.method === 'HEAD' ? '' : row.body,
        }
  return applyGucs(response, row.headers, row.status)
}

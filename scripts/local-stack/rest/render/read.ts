// The answer to a read: 200 or 206 with Content-Range (416 past the end), a single object checked (PGRST116),
// Content-Location with the canonical query, and whatever status and headers the database set.
import { apiErrors } from '../errors.ts'
import type { RunResult } from '../execute/transaction.ts'
import { singularCheck } from '../plan/range.ts'
import type { ReadAction } from '../plan/read-action.ts'
import type { RequestContext } from '../request/context.ts'
import type { Preferences } from '../request/preferences.ts'
import { bodyHeaders, preferenceAppliedValue } from './headers.ts'
import { rangeStatus } from './range.ts'
import { applyGucs, headerText, type RestResponse } from './response.ts'
import { reportedTotal } from './totals.ts'

const noPreferences: Partial<Preferences> = Object.freeze({})

export function renderRead(ctx: RequestContext, plan: ReadAction, { row, planned }: RunResult): RestResponse {
  const { root, output, params, table } = plan
  const count = ctx.prefs.count
  const total = reportedTotal(ctx, row, planned)
  const { status, contentRange } = rangeStatus(root.range.offset, row.pageTotal, total)
  if (status === 416) throw apiErrors.outOfBounds(root.range.offset, total ?? 0)
  const singular = singularCheck(output)(row)
  if (singular) throw singular
  // Built in place, in the order the headers go out: Content-Type, Content-Profile, the range, the location.
  const headers = bodyHeaders(ctx, output)
  headers['Content-Range'] = contentRange
  headers['Content-Location'] = headerText(`/${table.name}${params.canonical === '' ? '' : `?${params.canonical}`}`)
  const applied = preferenceAppliedValue(ctx, count ? { count } : noPreferences)
  if (applied !== undefined) headers['Preference-Applied'] = applied
  const response: RestResponse = { status, headers, body: ctx.method === 'HEAD' ? '' : row.body }
  return applyGucs(response, row.headers, row.status)
}

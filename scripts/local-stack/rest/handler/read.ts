// GET and HEAD on a table or view: parse the query string, plan the read against the schema cache, run the single
// statement read-only, and answer JSON, a single object, or CSV with Content-Range.
import { apiErrors } from '../errors.ts'
import { runRequest } from '../execute/transaction.ts'
import type { RestPool } from '../execute/database.ts'
import { planRead } from '../plan/read-plan.ts'
import { negotiateOutput } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import { rangeStatus } from '../render/range.ts'
import { applyGucs, headerText, type RestResponse } from '../render/response.ts'
import type { Table } from '../schema-cache/types.ts'
import { buildStatement, explainCountStatement } from '../sql/statements.ts'
import { bodyHeaders, reportedTotal, singularCheck, topLevelRange } from './common.ts'
import {
  aggregatesEnabled,
  checkPreferences,
  headerValue,
  preferenceApplied,
  transactionSettings,
  type RequestContext,
} from './context.ts'

export async function readTable(ctx: RequestContext, db: RestPool, table: Table): Promise<RestResponse> {
  const head = ctx.method === 'HEAD'
  const params = parseQueryParams(ctx.query, false)
  const output = negotiateOutput(headerValue(ctx, 'accept'))
  checkPreferences(ctx)
  topLevelRange(ctx, params)
  const root = planRead({
    cache: ctx.cache,
    schema: ctx.schema,
    table,
    origin: table.name,
    from: { kind: 'relation' },
    params,
    maxRows: ctx.settings.maxRows,
    aggregatesEnabled: aggregatesEnabled(ctx),
    isMutation: false,
  })
  const count = ctx.prefs.count
  const main = buildStatement({
    root,
    body: head ? { kind: 'none' } : output,
    exactCount: count === 'exact' || count === 'estimated',
    ...(count === 'estimated' && ctx.settings.maxRows !== undefined ? { countLimit: ctx.settings.maxRows + 1 } : {}),
  })
  const { row, planned } = await runRequest(db, {
    settings: transactionSettings(ctx),
    main,
    ...(count === 'planned' || count === 'estimated' ? { explain: explainCountStatement(root) } : {}),
    readOnly: true,
    rollback: ctx.prefs.tx === 'rollback',
  })
  const total = reportedTotal(ctx, row, planned)
  const { status, contentRange } = rangeStatus(root.range.offset, row.pageTotal, total)
  if (status === 416) throw apiErrors.outOfBounds(root.range.offset, total ?? 0)
  const singular = singularCheck(output)(row)
  if (singular) throw singular
  const response: RestResponse = {
    status,
    headers: {
      ...bodyHeaders(ctx, output),
      'Content-Range': contentRange,
      'Content-Location': headerText(`/${table.name}${params.canonical === '' ? '' : `?${params.canonical}`}`),
      ...preferenceApplied(ctx, count ? { count } : {}),
    },
    body: head ? '' : row.body,
  }
  return applyGucs(response, row.headers, row.status)
}

// GET and HEAD on a table or view, planned: the query string parsed, the output negotiated, the preferences and the
// range checked, and the select tree resolved against the schema cache.
import type { RequestContext } from '../request/context.ts'
import { aggregatesEnabled, checkPreferences, headerValue, maxRows, planEnabled } from '../request/context.ts'
import { negotiateMedia, type Output, type PlanMedia } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import type { QueryParams } from '../request/types.ts'
import type { Table } from '../schema-cache/types.ts'
import { planRead } from './read-plan.ts'
import { topLevelRange } from './range.ts'
import type { ReadNode } from './types.ts'

export interface ReadAction {
  kind: 'read'
  table: Table
  params: QueryParams
  output: Output
  root: ReadNode
  /** Set when the Accept header asks for the statement's execution plan instead of its rows. */
  explain?: PlanMedia
}

export function planTableRead(ctx: RequestContext, table: Table): ReadAction {
  const params = parseQueryParams(ctx.query, false)
  const { output, plan: explain } = negotiateMedia(headerValue(ctx, 'accept'), false, planEnabled(ctx))
  checkPreferences(ctx)
  topLevelRange(ctx, params)
  const root = planRead({
    cache: ctx.cache,
    schema: ctx.schema,
    table,
    origin: table.name,
    from: { kind: 'relation' },
    params,
    maxRows: maxRows(ctx),
    aggregatesEnabled: aggregatesEnabled(ctx),
    isMutation: false,
  })
  return { kind: 'read', table, params, output, root, ...(explain ? { explain } : {}) }
}

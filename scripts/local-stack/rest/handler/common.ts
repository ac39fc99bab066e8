// Steps the table, mutation and RPC actions share: the top-level range (limit/offset, the Range header, PGRST103),
// the count to report, and the headers of a JSON or CSV body.
import { apiErrors } from '../errors.ts'
import type { MainRow } from '../execute/transaction.ts'
import { contentTypeOf, type Output } from '../request/media.ts'
import type { QueryParams, Range } from '../request/types.ts'
import { headerValue, profileHeader, type RequestContext } from './context.ts'

/** Validates the top-level range and folds a `Range: 0-9` header (GET only) into it. */
export function topLevelRange(ctx: RequestContext, params: QueryParams): void {
  const range: Range = params.ranges.get('') ?? { offset: 0 }
  if (range.limit !== undefined && range.limit < 0) throw apiErrors.negativeLimit()
  const header = ctx.method === 'GET' ? headerValue(ctx, 'range') : undefined
  const match = header === undefined ? null : /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header)
  if (match) {
    const from = Number(match[1])
    const to = match[2] === '' ? undefined : Number(match[2])
    if (to !== undefined && to < from) throw apiErrors.lowerGtUpper()
    // Intersect the header's range with limit/offset.
    const offset = Math.max(from, range.offset)
    const ends = [to, range.limit === undefined ? undefined : range.offset + range.limit - 1].filter(
      (x): x is number => x !== undefined,
    )
    const end = ends.length > 0 ? Math.min(...ends) : undefined
    params.ranges.set('', end === undefined ? { offset } : { offset, limit: Math.max(0, end - offset + 1) })
  } else if (params.ranges.has('')) {
    params.ranges.set('', range)
  }
}

/** The total to report, from the count the request preferred. */
export function reportedTotal(ctx: RequestContext, row: MainRow, planned: number | undefined): number | null {
  switch (ctx.prefs.count) {
    case 'exact':
      return row.total
    case 'planned':
      return planned ?? null
    case 'estimated': {
      const max = ctx.settings.maxRows
      if (row.total === null || max === undefined || row.total <= max) return row.total
      return Math.max(planned ?? 0, row.total)
    }
    default:
      return null
  }
}

export function bodyHeaders(ctx: RequestContext, output: Output): Record<string, string> {
  return { 'Content-Type': contentTypeOf(output), ...profileHeader(ctx) }
}

/** PGRST116: a single object was asked for, and the result is not exactly one row. */
export function singularCheck(output: Output | undefined) {
  return (row: MainRow) =>
    output?.kind === 'object' && row.pageTotal !== 1 ? apiErrors.singularity(row.pageTotal) : undefined
}

// The top-level range a read or call plans: limit/offset validated (PGRST103) and a `Range: 0-9` header (GET only)
// intersected with them, and the result checks a planned action applies once its rows are known.
import { apiErrors, type ApiError } from '../errors.ts'
import type { MainRow } from '../execute/transaction.ts'
import { headerValue, type RequestContext } from '../request/context.ts'
import type { Output } from '../request/media.ts'
import type { QueryParams, Range } from '../request/types.ts'

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

/** Decides, from the result, whether the transaction must be undone with an error. */
export type ResultCheck = (row: MainRow) => ApiError | undefined

/** PGRST116: a single object was asked for, and the result is not exactly one row. */
export function singularCheck(output: Output | undefined): ResultCheck {
  return (row) => (output?.kind === 'object' && row.pageTotal !== 1 ? apiErrors.singularity(row.pageTotal) : undefined)
}

/** PGRST124: handling=strict with max-affected, and more rows were touched. */
export function maxAffectedCheck(max: number | undefined): ResultCheck {
  return (row) => (max !== undefined && row.pageTotal > max ? apiErrors.maxAffected(row.pageTotal) : undefined)
}

// The total a response reports in Content-Range, from the count the request preferred: exact, planned (the
// planner's estimate) or estimated (exact up to max-rows, the estimate past it).
import type { MainRow } from '../execute/transaction.ts'
import type { RequestContext } from '../request/context.ts'

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

// The answer to a mutation: 201/200/204 by kind and preference, Location of an insert (return=headers-only),
// Content-Range of what was touched, Preference-Applied for what was honoured, and the database's own status and
// headers.
import type { RunResult } from '../execute/transaction.ts'
import type { MutateAction } from '../plan/mutate-action.ts'
import type { RequestContext } from '../request/context.ts'
import { bodyHeaders, preferenceApplied } from './headers.ts'
import { contentRange } from './range.ts'
import { applyGucs, headerText, type RestResponse } from './response.ts'

export function renderMutation(ctx: RequestContext, plan: MutateAction, { row }: RunResult): RestResponse {
  const { params, table, output, sql: mutation, mutation: kind } = plan
  const count = ctx.prefs.count
  const total = count ? row.pageTotal : undefined
  const headers: Record<string, string> = {}
  let status: number
  const honoured: Parameters<typeof preferenceApplied>[1] = {}
  if (ctx.prefs.return) honoured.return = ctx.prefs.return
  if (count) honoured.count = count
  if (kind === 'insert' || kind === 'put') {
    const merge = mutation.kind === 'insert' && mutation.onConflict?.resolution === 'merge-duplicates'
    if (kind === 'put') status = output ? (row.inserted !== null && row.inserted > 0 ? 201 : 200) : 204
    else status = merge && row.inserted !== null && row.inserted <= 0 ? 200 : 201
    if (kind === 'insert') {
      if (row.location) headers.Location = location(table.name, row.location)
      headers['Content-Range'] = contentRange(1, 0, total)
      if (ctx.prefs.resolution && (table.primaryKey.length > 0 || params.onConflict !== undefined))
        honoured.resolution = ctx.prefs.resolution
      if (ctx.prefs.missing) honoured.missing = ctx.prefs.missing
    }
  } else {
    status = output ? 200 : 204
    headers['Content-Range'] = kind === 'update' ? contentRange(0, row.pageTotal - 1, total) : contentRange(1, 0, total)
    if (kind === 'update' && ctx.prefs.missing) honoured.missing = ctx.prefs.missing
    if (ctx.prefs.handling === 'strict' && ctx.prefs.maxAffected !== undefined)
      honoured.maxAffected = ctx.prefs.maxAffected
  }
  Object.assign(headers, preferenceApplied(ctx, honoured))
  if (output) Object.assign(headers, bodyHeaders(ctx, output))
  return applyGucs({ status, headers, body: output ? row.body : '' }, row.headers, row.status)
}

function location(table: string, pairsJson: string): string {
  const pairs = JSON.parse(pairsJson) as string[] | null
  const query = (pairs ?? [])
    .map((p) => {
      const eq = p.indexOf('=')
      return `${encodeURIComponent(p.slice(0, eq))}=${encodeURIComponent(p.slice(eq + 1))}`
    })
    .join('&')
  return headerText(`/${table}${query === '' ? '' : `?${query}`}`)
}

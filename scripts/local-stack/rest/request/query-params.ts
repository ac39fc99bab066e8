// Splits a query string the way PostgREST does (`&` and `;` separate, `+` is a space) and sorts the parameters
// into select, filters, logic trees, order, ranges, columns, on_conflict and RPC arguments (QueryParams.hs parse).
import { apiErrors } from '../errors.ts'
import { Cursor, ParseFailure } from './cursor.ts'
import { columnList } from './fields.ts'
import { logicPath, logicTree, opExpr, restOfInput, treePath } from './filter.ts'
import { parseOrder } from './order.ts'
import { parseSelect } from './select.ts'
import type { QueryParams, Range, SelectItem } from './types.ts'

function decode(text: string): string {
  // Most names and many values need no decoding at all.
  if (!text.includes('%') && !text.includes('+')) return text
  const plus = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(plus)
  } catch {
    // Malformed escapes stay as they are, byte by byte, like http-types' urlDecode would leave them.
    return plus.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
}

/** [name, value] pairs; a parameter without `=` has the value undefined. */
export function splitQuery(query: string): [string, string | undefined][] {
  const pairs: [string, string | undefined][] = []
  const semicolons = query.includes(';')
  let start = 0
  while (start <= query.length) {
    let end = query.indexOf('&', start)
    if (end < 0) end = query.length
    if (semicolons) {
      const semicolon = query.indexOf(';', start)
      if (semicolon >= 0 && semicolon < end) end = semicolon
    }
    if (end > start) {
      const eq = query.indexOf('=', start)
      pairs.push(
        eq < 0 || eq >= end
          ? [decode(query.slice(start, end)), undefined]
          : [decode(query.slice(start, eq)), decode(query.slice(eq + 1, end))],
      )
    }
    start = end + 1
  }
  return pairs
}

function parsing<T>(what: string, input: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof ParseFailure) throw apiErrors.queryParam(what, input, error)
    throw error
  }
}

/** Haskell's `readMaybe :: Integer`: an optional minus sign, digits, and spaces around. */
function readInteger(text: string): number | undefined {
  return /^\s*-?[0-9]+\s*$/.test(text) ? Number(text.trim()) : undefined
}

const isReserved = (key: string) => key === 'select' || key === 'columns' || key === 'on_conflict'

export function parseQueryParams(query: string, isRpcRead: boolean): QueryParams {
  const pairs = splitQuery(query)
  // The first parameter of each reserved name counts, with or without a value.
  let selectPair: [string, string | undefined] | undefined
  let columnsPair: [string, string | undefined] | undefined
  let conflictPair: [string, string | undefined] | undefined
  for (const pair of pairs) {
    const key = pair[0]
    if (key === 'select') selectPair ??= pair
    else if (key === 'columns') columnsPair ??= pair
    else if (key === 'on_conflict') conflictPair ??= pair
  }

  const selectText = selectPair?.[1]
  const select: SelectItem[] =
    selectText === undefined
      ? [{ kind: 'field', field: { name: '*', jsonPath: [] } }]
      : parsing('select parameter', selectText, () => parseSelect(selectText))

  const params: QueryParams = {
    select,
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    rpcArgs: [],
    canonical: canonical(pairs),
  }
  const columnsText = columnsPair?.[1]
  if (columnsText !== undefined)
    params.columns = parsing('columns parameter', columnsText, () => columnList(new Cursor(columnsText)))
  const conflictText = conflictPair?.[1]
  if (conflictText !== undefined)
    params.onConflict = parsing('on_conflict parameter', conflictText, () => columnList(new Cursor(conflictText)))

  let limits: Map<string, number | undefined> | undefined
  let offsets: Map<string, number | undefined> | undefined
  for (const [key, value] of pairs) {
    if (value === undefined || isReserved(key)) continue
    const dot = key.lastIndexOf('.')
    const last = dot < 0 ? key : key.slice(dot + 1)
    if (last === 'order') {
      const { path: embedPath } = parsing('tree path', key, () => treePath(new Cursor(key)))
      params.order.push({ path: embedPath, terms: parsing('order', value, () => parseOrder(value)) })
    } else if (last === 'limit') (limits ??= new Map()).set(dot < 0 ? '' : key.slice(0, dot), readInteger(value))
    else if (last === 'offset') (offsets ??= new Map()).set(dot < 0 ? '' : key.slice(0, dot), readInteger(value))
    else if (last === 'and' || last === 'or') {
      const logic = parsing('logic path', key, () => logicPath(new Cursor(key)))
      const tree = parsing('logic tree', value, () =>
        logicTree(new Cursor(`${logic.negate ? 'not.' : ''}${logic.operator}${value}`)),
      )
      params.logic.push({ path: logic.path, tree })
    } else addFilter(params, key, value, isRpcRead)
  }
  if (isRpcRead) {
    // A parameter given without `=` is still an argument of a GET RPC (with an empty value).
    for (const [key, value] of pairs) if (value === undefined && !isReserved(key)) params.rpcArgs.push([key, ''])
  }
  // Limits first, then offsets without a limit, each path once (the order a Set of both would give).
  if (limits) for (const [path, limit] of limits) params.ranges.set(path, range(limit, offsets?.get(path)))
  if (offsets)
    for (const [path, offset] of offsets) if (!limits?.has(path)) params.ranges.set(path, range(undefined, offset))
  return params
}

function addFilter(params: QueryParams, key: string, value: string, isRpcRead: boolean): void {
  const { path, field } = parsing('tree path', key, () => treePath(new Cursor(key)))
  try {
    const expr = opExpr(new Cursor(value), restOfInput)
    params.filters.push({ path, filter: { field, expr } })
  } catch (error) {
    if (isRpcRead && path.length === 0 && error instanceof ParseFailure) params.rpcArgs.push([key, value])
    else if (error instanceof ParseFailure) throw apiErrors.queryParam('filter', value, error)
    else throw error
  }
}

function range(limit: number | undefined, offset: number | undefined): Range {
  const r: Range = { offset: offset ?? 0 }
  if (limit !== undefined) r.limit = limit
  return r
}

function canonical(pairs: [string, string | undefined][]): string {
  // Content-Location's query: sorted by name (stably: values of one name keep their order) and encoded.
  const sorted = pairs.length < 2 ? pairs : [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  let text = ''
  for (const [k, v] of sorted) {
    if (text !== '') text += '&'
    text += `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`
  }
  return text
}

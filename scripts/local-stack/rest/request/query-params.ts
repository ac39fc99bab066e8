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
  if (query === '') return []
  return (query.includes(';') ? query.split(/[&;]/) : query.split('&'))
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=')
      return eq < 0 ? [decode(part), undefined] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]
    })
}

function parsing<T>(what: string, input: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof ParseFailure) throw apiErrors.queryParam(what, input, error)
    throw error
  }
}

const reserved = new Set(['select', 'columns', 'on_conflict'])
const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1)

/** Haskell's `readMaybe :: Integer`: an optional minus sign, digits, and spaces around. */
function readInteger(text: string): number | undefined {
  return /^\s*-?[0-9]+\s*$/.test(text) ? Number(text.trim()) : undefined
}

/** The value of the first parameter called `name`. */
function firstValue(pairs: [string, string | undefined][], name: string): string | undefined {
  return pairs.find(([k]) => k === name)?.[1]
}

export function parseQueryParams(query: string, isRpcRead: boolean): QueryParams {
  const pairs = splitQuery(query)
  const withValue = pairs.filter((p): p is [string, string] => p[1] !== undefined)

  const selectText = firstValue(pairs, 'select')
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
  const columnsText = firstValue(pairs, 'columns')
  if (columnsText !== undefined)
    params.columns = parsing('columns parameter', columnsText, () => columnList(new Cursor(columnsText)))
  const conflictText = firstValue(pairs, 'on_conflict')
  if (conflictText !== undefined)
    params.onConflict = parsing('on_conflict parameter', conflictText, () => columnList(new Cursor(conflictText)))

  const limits = new Map<string, number | undefined>()
  const offsets = new Map<string, number | undefined>()
  for (const [key, value] of withValue) {
    if (reserved.has(key)) continue
    const last = lastSegment(key)
    const path = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : ''
    if (last === 'order') {
      const { path: embedPath } = parsing('tree path', key, () => treePath(new Cursor(key)))
      params.order.push({ path: embedPath, terms: parsing('order', value, () => parseOrder(value)) })
    } else if (last === 'limit') limits.set(path, readInteger(value))
    else if (last === 'offset') offsets.set(path, readInteger(value))
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
    for (const [key, value] of pairs) if (value === undefined && !reserved.has(key)) params.rpcArgs.push([key, ''])
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    params.ranges.set(key, range(limits.get(key), offsets.get(key)))
  }
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
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`)
    .join('&')
}

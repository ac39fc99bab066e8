// A postgres_changes binding ({event, schema, table, filter, select}) parsed as Realtime's
// Subscriptions.parse_subscription_params does: the event becomes the action filter, the filter string is split
// on top-level commas (quotes and parentheses protect commas) into `col=[not.]op.value` conditions, and each error
// reads as the server's.
import type { JsonObject } from '../socket/messages.ts'
import { inspect } from './inspect.ts'

export const FILTER_OPERATORS = [
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct',
] as const // prettier-ignore

export interface Filter {
  column: string
  op: string
  value: string
  negate: boolean
}

export interface SubscriptionParams {
  action: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string
  table: string
  filters: Filter[]
  /** null: every readable column; []: only the primary key. */
  select: string[] | null
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string }

const NO_PARAMS = 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: '
const SELECT_ERROR =
  'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]'
const WILDCARD_SELECT =
  'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.'

function actionFilter(event: unknown): SubscriptionParams['action'] {
  if (typeof event !== 'string') return '*'
  const upper = event.toUpperCase()
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

export function parseSubscriptionParams(params: JsonObject): ParseResult {
  const action = actionFilter(params.event)
  let select: string[] | null = null
  if (Array.isArray(params.select)) select = params.select.filter((c): c is string => typeof c === 'string')
  else if (typeof params.select === 'string') return { ok: false, error: SELECT_ERROR }

  const { schema, table, filter } = params
  const has = (key: string) => key in params
  let parsed: { schema: string; table: string; filters: Filter[] } | undefined
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const filters = parseFilters(filter)
    if (!Array.isArray(filters)) return { ok: false, error: `Error parsing \`filter\` params: ${filters.error}` }
    parsed = { schema, table, filters }
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    parsed = { schema, table, filters: [] }
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    parsed = { schema, table: '*', filters: [] }
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    parsed = { schema: 'public', table, filters: [] }
  } else if (has('user_token') || has('auth_token')) {
    return { ok: false, error: `${NO_PARAMS}<redacted>` }
  } else {
    return { ok: false, error: `${NO_PARAMS}${inspect(params)}` }
  }
  if (select !== null && (parsed.schema === '*' || parsed.table === '*')) return { ok: false, error: WILDCARD_SELECT }
  return { ok: true, params: { action, ...parsed, select } }
}

function parseFilters(filter: string): Filter[] | { error: string } {
  const trimmed = filter.trim()
  if (trimmed === '') return []
  const filters: Filter[] = []
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment)
    if ('error' in parsed) return parsed
    filters.push(parsed)
  }
  return filters
}

/** Commas split conditions except inside parentheses or inside a quoted value (a quote opens after `.`, `(`, `,`). */
export function splitTopLevel(filter: string): string[] {
  const parts: string[] = []
  let current = ''
  let depth = 0
  let quoted = false
  let prev = ''
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i]!
    if (quoted) {
      if (char === '\\' && i + 1 < filter.length) {
        current += char + filter[i + 1]!
        prev = filter[++i]!
      } else {
        if (char === '"') quoted = false
        current += char
        prev = char
      }
    } else if (char === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true
      current += char
      prev = char
    } else if (char === ',' && depth === 0) {
      parts.push(current)
      current = ''
      prev = ''
    } else {
      if (char === '(') depth++
      if (char === ')') depth = Math.max(0, depth - 1)
      current += char
      prev = char
    }
  }
  parts.push(current)
  return parts
}

function splitOnce(text: string, separator: string): string[] {
  const at = text.indexOf(separator)
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)]
}

function parseSegment(segment: string): Filter | { error: string } {
  const trimmed = segment.trim()
  if (trimmed === '') return { error: 'filter must not contain empty segments (check for extra commas)' }
  const columnAndRest = splitOnce(trimmed, '=')
  if (columnAndRest.length !== 2) return { error: inspect(columnAndRest) }
  const [column, rest] = columnAndRest as [string, string]
  const negate = rest.startsWith('not.')
  const opAndValue = splitOnce(negate ? rest.slice(4) : rest, '.')
  if (opAndValue.length !== 2) return { error: inspect(opAndValue) }
  const [op, value] = opAndValue as [string, string]
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) return { error: inspect(opAndValue) }
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return { error: '`in` filter value must be wrapped by parentheses' }
    }
    return { column, op, value: `{${value.slice(1, -1)}}`, negate }
  }
  return { column, op, value: unquote(value), negate }
}

/** A value in double quotes loses them and its backslash escapes; a malformed one is kept as it came. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value
  let out = ''
  for (let i = 1; i < value.length; i++) {
    const char = value[i]!
    if (char === '"') return i === value.length - 1 ? out : value
    if (char === '\\' && i + 1 < value.length) out += value[++i]!
    else out += char
  }
  return value
}

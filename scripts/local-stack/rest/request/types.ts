// The parsed form of a PostgREST request's query string: what `select`, filters, `or`/`and`, `order`,
// `limit`/`offset`, `columns` and `on_conflict` say, before anything is checked against the schema.
// Names follow PostgREST's own (ApiRequest/Types.hs) so the two are easy to compare.

export interface JsonStep {
  arrow: '->' | '->>'
  /** An object key, or an array index when `index` is true (then `key` holds the digits, maybe with a '-'). */
  key: string
  index: boolean
}

export interface Field {
  name: string
  jsonPath: JsonStep[]
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min'

export interface SelectField {
  kind: 'field'
  /** `*` for a star, or `count()` (with `aggregate: 'count'`). */
  field: Field
  alias?: string
  cast?: string
  aggregate?: AggregateFunction
  aggregateCast?: string
}

export interface SelectRelation {
  kind: 'relation'
  name: string
  alias?: string
  hint?: string
  joinType?: 'inner' | 'left'
  spread: boolean
  children: SelectItem[]
}

export type SelectItem = SelectField | SelectRelation

export type QuantOperator = 'eq' | 'gte' | 'gt' | 'lte' | 'lt' | 'like' | 'ilike' | 'match' | 'imatch'
export type SimpleOperator = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj'
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'quant'; op: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string }

export interface OpExpr {
  negate: boolean
  operation: Operation
}

export interface Filter {
  field: Field
  expr: OpExpr
}

export type LogicTree =
  { kind: 'expr'; negate: boolean; operator: 'and' | 'or'; children: LogicTree[] } | { kind: 'filter'; filter: Filter }

export interface OrderTerm {
  /** Set for `rel(col)` terms: order by a column of an embedded to-one resource. */
  relation?: string
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** A path of embedded resource names ([] = the top-level resource). */
export type EmbedPath = string[]

export interface Range {
  offset: number
  /** undefined = no limit */
  limit?: number
}

export interface QueryParams {
  select: SelectItem[]
  filters: { path: EmbedPath; filter: Filter }[]
  logic: { path: EmbedPath; tree: LogicTree }[]
  order: { path: EmbedPath; terms: OrderTerm[] }[]
  /** Keyed by the embed path joined with '.', '' for the top level. */
  ranges: Map<string, Range>
  columns?: string[]
  onConflict?: string[]
  /** GET/HEAD RPC arguments: parameters without an operator. */
  rpcArgs: [string, string][]
  /** Parameters sorted by name, for Content-Location. */
  canonical: string
}

// The read plan: the request's select tree resolved against the schema cache. Every name in it has been checked
// (columns exist, relationships found, casts are real types), so the SQL stage can write identifiers from it.
import type { AggregateFunction, JsonStep, OpExpr, Range } from '../request/types.ts'
import type { Relationship, Table } from '../schema-cache/types.ts'

/** A column reference (or `*`), possibly followed by a JSON path. */
export interface PlannedField {
  column: string
  jsonPath: JsonStep[]
  /** Non-JSON columns are turned into jsonb before a JSON path applies (as PostgREST does). */
  toJson: boolean
  /** The column's base type (`tsvector` decides whether full-text search wraps it in to_tsvector). */
  baseType: string
  /** A computed field (or the `count` aggregate), read with attribute notation: `row.name` is `name(row)`. */
  computed?: true
}

export interface PlannedSelect {
  field: PlannedField
  /** Quoted, schema-qualified type name from the cache. */
  cast?: string
  /** Output name, when it differs from the column's own. */
  alias?: string
  aggregate?: AggregateFunction
  aggregateCast?: string
}

export type PlannedFilter =
  | { kind: 'op'; field: PlannedField; expr: OpExpr }
  /** `rel=is.null` / `rel=not.is.null` on an embedded resource. */
  | { kind: 'embed-null'; embed: EmbedNode; isNull: boolean }

export type PlannedLogic =
  | { kind: 'expr'; negate: boolean; operator: 'and' | 'or'; children: PlannedLogic[] }
  | { kind: 'filter'; filter: PlannedFilter }

export interface PlannedOrder {
  field: PlannedField
  /** For `rel(col)` terms: the lateral alias of the to-one embed the column is read from. */
  relationAlias?: string
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export type FromSource =
  /** Read the relation itself. */
  | { kind: 'relation' }
  /** Read the rows a mutation returned or a function produced (the `pgrst_source` CTE). */
  | { kind: 'source' }

export interface ReadNode {
  table: Table
  from: FromSource
  /** The SQL name this node's rows are referred to by, already quoted (`"schema"."table"` or `"alias"`). */
  ref: string
  /** Name used in PostgreSQL-style error messages for unknown columns. */
  errorName: string
  select: PlannedSelect[]
  where: PlannedLogic[]
  order: PlannedOrder[]
  range: Range
  embeds: EmbedNode[]
  depth: number
}

export interface EmbedNode {
  node: ReadNode
  relationship: Relationship
  /** The resource name as requested, and its alias. */
  name: string
  alias?: string
  /** The lateral subquery's alias (`pgrst_a<n>`), unique in the statement. */
  aggAlias: string
  joinType?: 'inner' | 'left'
  spread: boolean
  toOne: boolean
  /** `rel()`: joined for filtering only, not part of the output. */
  empty: boolean
  /** SQL alias of the junction table, for many-to-many. */
  junctionRef?: string
}

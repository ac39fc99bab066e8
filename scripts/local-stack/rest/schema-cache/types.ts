// The schema cache: what PostgREST knows about the exposed schemas (tables and views with their columns and keys,
// relationships between them, functions, type names) so that every identifier in a request is checked against it
// and never taken from the request itself.

export interface Column {
  name: string
  position: number
  /** `format_type()`: the full SQL type, e.g. `character varying(20)`, `integer[]`, `public.mood`. */
  type: string
  /** The base type's name, e.g. `int4`, `json`, `tsvector` (domains resolved). */
  baseType: string
  nullable: boolean
  /** The default expression, as PostgreSQL prints it. */
  default: string | null
}

export type RelationKind = 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table'

export interface Table {
  oid: number
  schema: string
  name: string
  kind: RelationKind
  columns: Map<string, Column>
  /** Columns in attribute order. */
  columnList: Column[]
  primaryKey: string[]
  insertable: boolean
  updatable: boolean
  deletable: boolean
  description: string | null
  /** Computed fields of this table's rows, by name. */
  computed?: Map<string, ComputedField>
}

export interface Junction {
  table: Table
  constraint1: string
  constraint2: string
  /** [column of the origin table, column of the junction] */
  sourceColumns: [string, string][]
  /** [column of the target table, column of the junction] */
  targetColumns: [string, string][]
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Relationship {
  table: Table
  foreignTable: Table
  cardinality: Cardinality
  /** The foreign key's name (for many-to-many, the junction's name). */
  constraint: string
  /** [column of `table`, column of `foreignTable`]; empty for many-to-many. */
  columns: [string, string][]
  junction?: Junction
  isSelf: boolean
  /** A computed relationship: the function called with the parent row (matched by its name, never by hints). */
  computed?: { schema: string; name: string; toOne: boolean }
}

/** A function of a table's row type, selectable, filterable and orderable like a column (`row.name`). */
export interface ComputedField {
  schema: string
  name: string
  /** format_type() of the result, and its base type's name. */
  type: string
  baseType: string
}

export interface RoutineParam {
  name: string
  /** format_type() of the parameter. */
  type: string
  required: boolean
  variadic: boolean
}

export type ReturnShape =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string; set: boolean }
  /** Rows of a table, view, composite type or OUT parameters. `table` is set when they are a relation's rows. */
  | { kind: 'composite'; set: boolean; columns: Column[]; table?: Table; typeName: string }

export interface Routine {
  oid: number
  schema: string
  name: string
  params: RoutineParam[]
  returns: ReturnShape
  volatility: 'volatile' | 'stable' | 'immutable'
  description: string | null
  /** Its SET clauses PostgREST hoists into the call's transaction (name, value), in proconfig order. */
  settings?: [string, string][]
  /** Its `default_transaction_isolation`, which the call's transaction begins with (read committed: none). */
  isolation?: IsolationLevel
}

/** A transaction isolation level other than PostgreSQL's default, read committed. */
export type IsolationLevel = 'repeatable read' | 'serializable'

/** PostgREST's toIsolationLevel: repeatable read and serializable by name (any case), anything else read committed. */
export function isolationLevelOf(value: string): IsolationLevel | undefined {
  const lower = value.toLowerCase()
  return lower === 'repeatable read' || lower === 'serializable' ? lower : undefined
}

export interface SchemaCache {
  /** Keyed by `key(schema, name)`. */
  tables: Map<string, Table>
  /** Relationships starting at a table, keyed by `key(schema, name)`. */
  relationships: Map<string, Relationship[]>
  /** Computed fields by table key, then name. */
  computedFields: Map<string, Map<string, ComputedField>>
  /** Functions RPC can call, keyed by `key(schema, name)` (overloads share a key). */
  routines: Map<string, Routine[]>
  /** Type names that casts may use, lower-cased, mapped to the quoted name to emit. */
  types: Map<string, string>
  /** The `default_transaction_isolation` of request roles, which their transactions begin with. */
  roleIsolation?: Map<string, IsolationLevel>
  /** Settings of the request roles (statement_timeout, ...) to apply per request, by role name. */
  roleSettings: Map<string, [string, string][]>
  /** `pgrst.*` settings of the authenticator role (e.g. db_aggregates_enabled). */
  config: Map<string, string>
  /** db-extra-search-path in effect: `pgrst.db_extra_search_path` when set, else the service's own. */
  extraSearchPath?: string[]
  /** Time zone names a `Prefer: timezone=` may use. */
  timezones: Set<string>
  loadedAt: Date
}

/** A name as it stands in a key: quoted like an SQL identifier when it holds a dot or a double quote. */
const keyPart = (name: string) => (name.includes('.') || name.includes('"') ? `"${name.replace(/"/g, '""')}"` : name)

/**
 * The key of a table or function: `schema.name`, read the way SQL reads a qualified name, so that no two pairs share
 * one (`"a.b".c` and `a."b.c"`) while plain names stay as they read.
 */
export const key = (schema: string, name: string) => `${keyPart(schema)}.${keyPart(name)}`

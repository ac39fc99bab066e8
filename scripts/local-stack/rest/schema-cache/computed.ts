// Computed fields and computed relationships: functions whose first parameter is a table's (or view's) row type.
// PostgREST writes `"alias"."name"` for any name it is given and lets PostgreSQL's attribute notation call such a
// function (`row.fn` is `fn(row)`, `row.count` the count aggregate); here they are read from the catalog so that
// the SQL still only names what the cache knows. A function of exactly one such parameter that returns rows of a
// table or view is also a relationship, embeddable under the function's name (PostgREST's allComputedRels).
import { key, type ComputedField, type Relationship, type Table } from './types.ts'

export interface ComputedRow {
  schema: string
  name: string
  arg_relid: string
  nargs: number
  ndefaults: number
  returns_set: boolean
  rows: number
  return_relid: string
  return_type: string
  return_base: string
}

export interface ComputedEntries {
  /** By table key, then by field name: the function PostgreSQL's search path finds first. */
  fields: Map<string, Map<string, ComputedField>>
  relationships: Relationship[]
}

/** `searchOrder` ranks schemas as a request's search_path does: the table's own schema, then the extra ones. */
export function loadComputed(
  rows: ComputedRow[],
  tables: Map<string, Table>,
  extraSearchPath: string[],
): ComputedEntries {
  const byOid = new Map([...tables.values()].map((t) => [t.oid, t]))
  const fields = new Map<string, Map<string, ComputedField>>()
  const rank = new Map<ComputedField, number>()
  const relationships: Relationship[] = []
  for (const row of rows) {
    const table = byOid.get(Number(row.arg_relid))
    if (!table) continue
    const order = row.schema === table.schema ? 0 : extraSearchPath.indexOf(row.schema) + 1
    if (order > 0 || row.schema === table.schema) {
      const k = key(table.schema, table.name)
      const named = fields.get(k) ?? new Map<string, ComputedField>()
      const field: ComputedField = {
        schema: row.schema,
        name: row.name,
        type: row.return_type,
        baseType: row.return_base,
      }
      const previous = named.get(row.name)
      if (!previous || order < rank.get(previous)!) {
        named.set(row.name, field)
        rank.set(field, order)
      }
      fields.set(k, named)
    }
    const target = byOid.get(Number(row.return_relid))
    // Relationships are looked up in the request's schema: the function, its table and its result all live there.
    if (row.nargs === 1 && target && row.schema === table.schema) {
      relationships.push({
        table,
        foreignTable: target,
        cardinality: !row.returns_set || row.rows === 1 ? 'many-to-one' : 'one-to-many',
        constraint: row.name,
        columns: [],
        isSelf: table.oid === target.oid,
        computed: { schema: row.schema, name: row.name, toOne: !row.returns_set || row.rows === 1 },
      })
    }
  }
  return { fields, relationships }
}

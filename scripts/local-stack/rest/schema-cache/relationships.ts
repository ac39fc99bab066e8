// Relationships between the exposed tables and views, from foreign keys: many-to-one and its reverse one-to-many,
// one-to-one when the key columns are unique, and many-to-many through a junction whose primary key holds both
// foreign keys (PostgREST's rule). Views take part through the base columns they show.
import type { Relationship, Table } from './types.ts'

export interface KeyConstraint {
  name: string
  type: 'p' | 'u' | 'f'
  oid: number
  columns: number[]
  foreignOid: number
  foreignColumns: number[]
}

/** `oid:attnum` of a base-table column. */
type BaseColumn = string

export interface Provenance {
  /** For each relation (by oid): its column names by the base column they show. */
  byBase: Map<number, Map<BaseColumn, string>>
}

export function buildRelationships(
  relations: Table[],
  provenance: Provenance,
  constraints: KeyConstraint[],
  uniqueKeys: Map<number, number[][]>,
): Relationship[] {
  const rels: Relationship[] = []
  const coverers = (oid: number, attnums: number[]) =>
    relations.flatMap((r) => {
      const byBase = provenance.byBase.get(r.oid)
      if (!byBase) return []
      const names = attnums.map((n) => byBase.get(`${oid}:${n}`))
      return names.every((n) => n !== undefined) ? [{ relation: r, names: names as string[] }] : []
    })
  for (const fk of constraints) {
    if (fk.type !== 'f') continue
    const fkSet = [...fk.columns].sort().join(',')
    const unique = (uniqueKeys.get(fk.oid) ?? []).some((key) => [...key].sort().join(',') === fkSet)
    const sides = coverers(fk.oid, fk.columns)
    const targets = coverers(fk.foreignOid, fk.foreignColumns)
    for (const from of sides) {
      for (const to of targets) {
        if (from.relation.schema !== to.relation.schema) continue
        const isSelf = from.relation === to.relation
        const forward = from.names.map((n, i) => [n, to.names[i]!] as [string, string])
        const backward = forward.map(([a, b]) => [b, a] as [string, string])
        rels.push({
          table: from.relation,
          foreignTable: to.relation,
          cardinality: unique ? 'one-to-one' : 'many-to-one',
          constraint: fk.name,
          columns: forward,
          isSelf,
        })
        rels.push({
          table: to.relation,
          foreignTable: from.relation,
          cardinality: unique ? 'one-to-one' : 'one-to-many',
          constraint: fk.name,
          columns: backward,
          isSelf,
        })
      }
    }
  }
  return [...rels, ...manyToMany(rels)]
}

function manyToMany(rels: Relationship[]): Relationship[] {
  const out: Relationship[] = []
  const toOne = rels.filter((r) => r.cardinality === 'many-to-one')
  for (const r1 of toOne) {
    for (const r2 of toOne) {
      if (r1.table !== r2.table || r1.constraint === r2.constraint) continue
      const junction = r1.table
      const pk = new Set(junction.primaryKey)
      const junctionColumns = [...r1.columns.map(([j]) => j), ...r2.columns.map(([j]) => j)]
      if (pk.size === 0 || !junctionColumns.every((c) => pk.has(c))) continue
      out.push({
        table: r1.foreignTable,
        foreignTable: r2.foreignTable,
        cardinality: 'many-to-many',
        constraint: junction.name,
        columns: [],
        isSelf: r1.foreignTable === r2.foreignTable,
        junction: {
          table: junction,
          constraint1: r1.constraint,
          constraint2: r2.constraint,
          sourceColumns: r1.columns.map(([j, t]) => [t, j]),
          targetColumns: r2.columns.map(([j, t]) => [t, j]),
        },
      })
    }
  }
  return out
}

export const isToOne = (r: Relationship) => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'

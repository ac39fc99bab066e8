// Choosing the relationship behind `target(...)` embedded from `origin`, with PostgREST's rules (Plan.hs findRel):
// the target names a table or view, or (for tables) a foreign key or one of its columns; a `!hint` narrows it to a
// foreign key, a column on either side, or a junction table. None found is PGRST200; several is PGRST201 (300).
import { apiErrors } from '../errors.ts'
import { closest } from '../schema-cache/fuzzy.ts'
import { key, type Relationship, type SchemaCache } from '../schema-cache/types.ts'

const singleColumn = (r: Relationship, side: 0 | 1, name: string) =>
  r.cardinality !== 'many-to-many' && r.columns.length === 1 && r.columns[0]![side] === name
const isView = (r: Relationship) => r.foreignTable.kind !== 'table' && r.foreignTable.kind !== 'partitioned table'

function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  // A computed relationship answers to its function's name, whatever the hint.
  if (r.computed) return target === r.computed.name
  const ftName = r.foreignTable.name
  if (r.isSelf && r.cardinality !== 'many-to-many') {
    if (hint === undefined) {
      return (
        (target === ftName && r.cardinality === 'one-to-many') ||
        (singleColumn(r, 0, target) && r.cardinality === 'many-to-one')
      )
    }
    return target === ftName && r.cardinality === 'one-to-many' && singleColumn(r, 1, hint)
  }
  if (hint === undefined) {
    return (
      target === ftName ||
      (r.cardinality !== 'many-to-many' && r.constraint === target && !isView(r)) ||
      (singleColumn(r, 0, target) && !isView(r))
    )
  }
  return (
    target === ftName &&
    ((r.cardinality !== 'many-to-many' && r.constraint === hint) ||
      singleColumn(r, 0, hint) ||
      singleColumn(r, 1, hint) ||
      (r.cardinality === 'many-to-many' && r.junction!.table.name === hint))
  )
}

const list = (cols: string[]) => `(${cols.join(', ')})`

function describe(r: Relationship): object {
  // PostgREST has no description for a computed relationship among ambiguous ones.
  if (r.computed) return {}
  const embedding = `${r.table.name} with ${r.foreignTable.name}`
  if (r.cardinality === 'many-to-many') {
    const j = r.junction!
    return {
      cardinality: r.cardinality,
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${list(j.sourceColumns.map((c) => c[1]))} and ${
        j.constraint2
      }${list(j.targetColumns.map((c) => c[1]))}`,
    }
  }
  return {
    cardinality: r.cardinality,
    embedding,
    relationship: `${r.constraint} using ${r.table.name}${list(r.columns.map((c) => c[0]))} and ${
      r.foreignTable.name
    }${list(r.columns.map((c) => c[1]))}`,
  }
}

function hintFor(r: Relationship): string {
  if (r.computed) return ''
  return `'${r.foreignTable.name}!${r.cardinality === 'many-to-many' ? r.junction!.table.name : r.constraint}'`
}

export function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = cache.relationships.get(key(schema, origin)) ?? []
  const found = candidates.filter((r) => matches(r, target, hint))
  if (found.length === 1) return found[0]!
  if (found.length === 0)
    throw apiErrors.noRelationship(origin, target, hint, schema, suggestion(cache, schema, origin, target))
  throw apiErrors.ambiguousRelationship(origin, target, found.map(describe), found.map(hintFor))
}

/** Suggest the origin when it has no relationships at all, else the target, as PostgREST's noRelBetweenHint. */
function suggestion(cache: SchemaCache, schema: string, origin: string, target: string): string | null {
  const own = cache.relationships.get(key(schema, origin))
  if (own) {
    const child = closest(target, new Set(own.map((r) => r.foreignTable.name)), 0.33, true)
    return child === null ? null : `Perhaps you meant '${child}' instead of '${target}'.`
  }
  const parents = [...cache.relationships.values()].flatMap((rels) =>
    rels[0]?.table.schema === schema ? [rels[0].table.name] : [],
  )
  const parent = closest(origin, parents, 0.33)
  return parent === null ? null : `Perhaps you meant '${parent}' instead of '${origin}'.`
}

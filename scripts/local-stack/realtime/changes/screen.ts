// Screening subscribers before any database work: a subscriber whose filters certainly reject a change is left out
// of its RLS check. Only what is certain here is decided (equality on uuid and integer columns, null values, missing
// columns); everything else stays a candidate for realtime.is_visible_through_filters(), which has the last word.
import type { Filter } from './filters.ts'
import type { Change } from './wal.ts'

const UUID = 2950
const INTEGERS = new Set([20, 21, 23]) // int8, int2, int4

/** A change's values by column: undefined when the record does not carry the column (an unchanged TOASTed value). */
export type ScreenValues = Map<string, { typeOid: number; value: string | null }>

/** The new values (and, for a delete, the old ones) as apply_rls() sees them in `columns` and `identity`. */
export function screenValues(change: Change): { columns: ScreenValues; old: ScreenValues } {
  const read = (tuple: readonly (string | null | undefined)[] | null, keyOnly: boolean): ScreenValues => {
    const values: ScreenValues = new Map()
    if (!tuple) return values
    change.relation.columns.forEach((column, i) => {
      const value = tuple[i]
      if (value === undefined || (keyOnly && (column.flags & 1) !== 1)) return
      values.set(column.name, { typeOid: column.typeOid, value })
    })
    return values
  }
  switch (change.kind) {
    case 'insert':
      return { columns: read(change.new, false), old: new Map() }
    case 'update':
      return { columns: read(change.new, false), old: new Map() }
    case 'delete':
      return { columns: new Map(), old: read(change.old, change.oldKind === 'K') }
  }
}

/** A value in one canonical spelling, or undefined when this type's spellings are not all known here. */
function canonical(typeOid: number, text: string): string | undefined {
  if (typeOid === UUID) {
    // uuid_in takes upper case, braces and hyphens between groups of four digits: all spell the same 32 digits.
    const digits = text
      .trim()
      .replace(/^\{(.*)\}$/, '$1')
      .replace(/-/g, '')
      .toLowerCase()
    return /^[0-9a-f]{32}$/.test(digits) ? digits : undefined
  }
  if (INTEGERS.has(typeOid)) {
    const match = /^\s*([+-]?)0*(\d+)\s*$/.exec(text)
    if (!match) return undefined
    return match[2] === '0' ? '0' : `${match[1] === '-' ? '-' : ''}${match[2]}`
  }
  return undefined
}

/** false only when the filter certainly fails on these values (check_equality_op false or null, or no column). */
function mayPass(filter: Filter, values: ScreenValues): boolean {
  const column = values.get(filter.column)
  // is_visible_through_filters: a filter on a column the record does not carry fails.
  if (!column) return false
  if (filter.negate) return true
  if (filter.op !== 'eq' && filter.op !== 'in') return true
  // `null = x` and `null = any(…)` are null, which the filter check reads as false.
  if (column.value === null) return false
  const value = canonical(column.typeOid, column.value)
  if (value === undefined) return true
  if (filter.op === 'eq') {
    const wanted = canonical(column.typeOid, filter.value)
    return wanted === undefined || wanted === value
  }
  // `in` values arrive as an array literal {a,b,c}; quoted or nested elements are left to the database.
  const inner = filter.value.slice(1, -1)
  if (/["{}\\]/.test(inner)) return true
  return inner.split(',').some((item) => {
    const wanted = canonical(column.typeOid, item)
    return wanted === undefined || wanted === value
  })
}

/** Whether a subscriber with these filters could be sent the change (apply_rls passes a delete on old values too). */
export function mayMatch(
  filters: readonly Filter[],
  values: { columns: ScreenValues; old: ScreenValues },
  isDelete: boolean,
) {
  if (filters.length === 0) return true
  if (filters.every((filter) => mayPass(filter, values.columns))) return true
  return isDelete && filters.every((filter) => mayPass(filter, values.old))
}

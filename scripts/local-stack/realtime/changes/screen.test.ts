// Screening subscribers in Node may leave out only those whose filters certainly reject a change: every spelling
// PostgreSQL accepts for a uuid or an integer still matches, and what is not decided here stays a candidate.
import { describe, expect, it } from 'vitest'
import type { Filter } from './filters.ts'
import type { Relation } from './pgoutput.ts'
import { mayMatch, screenValues } from './screen.ts'
import type { Change } from './wal.ts'

const relation: Relation = {
  oid: 1,
  schema: 'public',
  name: 'progress',
  replicaIdentity: 'd',
  columns: [
    { name: 'id', flags: 1, typeOid: 20 },
    { name: 'user_id', flags: 0, typeOid: 2950 },
    { name: 'seconds', flags: 0, typeOid: 23 },
    { name: 'note', flags: 0, typeOid: 25 },
  ],
}
const USER = '6f1c2a3b-0d4e-4f5a-8b9c-0123456789ab'
const insert: Change = { kind: 'insert', relation, new: ['7', USER, '42', 'hello'] }
const filter = (column: string, op: string, value: string, negate = false): Filter => ({ column, op, value, negate })
const matches = (change: Change, ...filters: Filter[]) =>
  mayMatch(filters, screenValues(change), change.kind === 'delete')

describe('screening postgres_changes subscribers', () => {
  it('keeps every spelling of the same uuid or integer, drops a different value', () => {
    expect(matches(insert, filter('user_id', 'eq', USER))).toBe(true)
    expect(matches(insert, filter('user_id', 'eq', USER.toUpperCase()))).toBe(true)
    expect(matches(insert, filter('user_id', 'eq', `{${USER.replace(/-/g, '')}}`))).toBe(true)
    expect(matches(insert, filter('user_id', 'eq', '00000000-0000-0000-0000-000000000001'))).toBe(false)
    expect(matches(insert, filter('seconds', 'eq', '+042'))).toBe(true)
    expect(matches(insert, filter('seconds', 'eq', '43'))).toBe(false)
    expect(matches(insert, filter('id', 'in', '{1,7,9}'))).toBe(true)
    expect(matches(insert, filter('id', 'in', '{1,2}'))).toBe(false)
  })

  it('leaves to the database what it does not decide: other types, operators and negations', () => {
    expect(matches(insert, filter('note', 'eq', 'other'))).toBe(true) // a collation may make them equal
    expect(matches(insert, filter('seconds', 'gt', '100'))).toBe(true)
    expect(matches(insert, filter('user_id', 'eq', USER, true))).toBe(true)
    expect(matches(insert, filter('seconds', 'eq', '1_000'))).toBe(true) // PostgreSQL 16 reads 1000
    expect(matches(insert, filter('id', 'in', '{"7"}'))).toBe(true)
  })

  it('needs every filter, fails on a null value or a column the record lacks (as is_visible_through_filters)', () => {
    expect(matches(insert)).toBe(true)
    expect(matches(insert, filter('user_id', 'eq', USER), filter('seconds', 'eq', '1'))).toBe(false)
    const nulls: Change = { kind: 'insert', relation, new: ['7', null, '42', null] }
    expect(matches(nulls, filter('user_id', 'eq', USER))).toBe(false)
    expect(matches(nulls, filter('note', 'is', 'null'))).toBe(true)
    const toasted: Change = { kind: 'update', relation, old: null, oldKind: null, new: ['7', USER, '42', undefined] }
    expect(matches(toasted, filter('note', 'like', '%'))).toBe(false)
  })

  it('passes a delete on its old values, and an update only on its new ones', () => {
    const gone: Change = { kind: 'delete', relation, old: ['7', USER, '42', 'x'], oldKind: 'O' }
    expect(matches(gone, filter('user_id', 'eq', USER))).toBe(true)
    expect(matches(gone, filter('user_id', 'eq', '00000000-0000-0000-0000-000000000001'))).toBe(false)
    // With only the key as old values, a filter on another column has nothing to pass on.
    const keyOnly: Change = { kind: 'delete', relation, old: ['7', null, null, null], oldKind: 'K' }
    expect(matches(keyOnly, filter('user_id', 'eq', USER))).toBe(false)
    expect(matches(keyOnly, filter('id', 'eq', '7'))).toBe(true)
    const moved: Change = {
      kind: 'update',
      relation,
      old: ['7', USER, '1', 'x'],
      oldKind: 'O',
      new: ['7', USER, '2', 'x'],
    }
    expect(matches(moved, filter('seconds', 'eq', '1'))).toBe(false)
  })
})

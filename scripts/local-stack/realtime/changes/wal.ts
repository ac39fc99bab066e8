// A decoded pgoutput change rewritten as the wal2json (format 2) record realtime.apply_rls() takes: the new values
// in `columns` (an unchanged TOASTed value left out, apply_rls takes it from the old ones), the replica identity's
// old values in `identity`, and the primary key's columns in `pk`. Values stay PostgreSQL's text.
import type { Relation, TupleValue } from './pgoutput.ts'

export interface WalColumn {
  name: string
  /** The type's OID as text: apply_rls casts by typeoid, and `'23'::regtype` also reads as a type. */
  type: string
  typeoid: number
  value?: string | null
}

export interface WalRecord {
  action: 'I' | 'U' | 'D'
  schema: string
  table: string
  timestamp: string
  columns: WalColumn[]
  identity: WalColumn[]
  pk: WalColumn[]
}

export type Change =
  | { kind: 'insert'; relation: Relation; new: TupleValue[] }
  | { kind: 'update'; relation: Relation; old: TupleValue[] | null; oldKind: 'K' | 'O' | null; new: TupleValue[] }
  | { kind: 'delete'; relation: Relation; old: TupleValue[]; oldKind: 'K' | 'O' }

const POSTGRES_EPOCH_MS = 946_684_800_000n

/** pgoutput's commit time (µs since 2000-01-01) as "2024-05-01 10:00:00.123456+00". */
export function commitTimestamp(micros: bigint): string {
  const unixMicros = micros + POSTGRES_EPOCH_MS * 1000n
  const date = new Date(Number(unixMicros / 1000n))
  const fraction = String(((unixMicros % 1_000_000n) + 1_000_000n) % 1_000_000n).padStart(6, '0')
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}.${fraction}+00`
}

function values(relation: Relation, tuple: TupleValue[], only?: (flags: number) => boolean): WalColumn[] {
  const columns: WalColumn[] = []
  relation.columns.forEach((column, i) => {
    const value = tuple[i]
    if (value === undefined || (only && !only(column.flags))) return
    columns.push({ name: column.name, type: String(column.typeOid), typeoid: column.typeOid, value })
  })
  return columns
}

const isKey = (flags: number) => (flags & 1) === 1

export function walRecord(change: Change, timestamp: string, primaryKey: string[]): WalRecord {
  const { relation } = change
  const pk = relation.columns
    .filter((column) => primaryKey.includes(column.name))
    .map((column) => ({ name: column.name, type: String(column.typeOid), typeoid: column.typeOid }))
  const base = { schema: relation.schema, table: relation.name, timestamp, pk }
  switch (change.kind) {
    case 'insert':
      return { ...base, action: 'I', columns: values(relation, change.new), identity: [] }
    case 'update': {
      // Without an old tuple (the key did not change) the identity is the key's current value, as wal2json sends.
      const identity =
        change.old === null
          ? values(relation, change.new, isKey)
          : values(relation, change.old, change.oldKind === 'K' ? isKey : undefined)
      return { ...base, action: 'U', columns: values(relation, change.new), identity }
    }
    case 'delete':
      return {
        ...base,
        action: 'D',
        columns: [],
        identity: values(relation, change.old, change.oldKind === 'K' ? isKey : undefined),
      }
  }
}

// A decoder for the pgoutput messages (protocol version 1) a logical replication stream carries, keeping every value
// as the text PostgreSQL sent: the changes are later cast by realtime.apply_rls(), exactly as wal2json's text values
// are by the real server. An unchanged TOASTed value is `undefined`; SQL NULL is `null`.

export interface RelationColumn {
  name: string
  /** Bit 1: part of the replica identity. */
  flags: number
  typeOid: number
}

export interface Relation {
  oid: number
  schema: string
  name: string
  /** d (default), n (nothing), f (full), i (index) */
  replicaIdentity: string
  columns: RelationColumn[]
}

export type TupleValue = string | null | undefined

export type Decoded =
  | { tag: 'begin'; commitTime: bigint; xid: number }
  | { tag: 'commit' }
  | { tag: 'relation'; relation: Relation }
  | { tag: 'insert'; relation: Relation; new: TupleValue[] }
  | { tag: 'update'; relation: Relation; old: TupleValue[] | null; oldKind: 'K' | 'O' | null; new: TupleValue[] }
  | { tag: 'delete'; relation: Relation; old: TupleValue[]; oldKind: 'K' | 'O' }
  | { tag: 'other' }

class Reader {
  offset = 0
  constructor(private readonly buffer: Buffer) {}
  u8(): number {
    return this.buffer.readUInt8(this.offset++)
  }
  i16(): number {
    const value = this.buffer.readInt16BE(this.offset)
    this.offset += 2
    return value
  }
  i32(): number {
    const value = this.buffer.readInt32BE(this.offset)
    this.offset += 4
    return value
  }
  u32(): number {
    const value = this.buffer.readUInt32BE(this.offset)
    this.offset += 4
    return value
  }
  i64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset)
    this.offset += 8
    return value
  }
  cstring(): string {
    const end = this.buffer.indexOf(0, this.offset)
    const value = this.buffer.toString('utf8', this.offset, end)
    this.offset = end + 1
    return value
  }
  bytes(length: number): Buffer {
    const value = this.buffer.subarray(this.offset, this.offset + length)
    this.offset += length
    return value
  }
}

export class PgoutputDecoder {
  private readonly relations = new Map<number, Relation>()

  decode(buffer: Buffer): Decoded {
    const reader = new Reader(buffer)
    switch (String.fromCharCode(reader.u8())) {
      case 'B': {
        reader.i64() // final LSN of the transaction
        const commitTime = reader.i64()
        return { tag: 'begin', commitTime, xid: reader.u32() }
      }
      case 'C':
        return { tag: 'commit' }
      case 'R':
        return { tag: 'relation', relation: this.readRelation(reader) }
      case 'I': {
        const relation = this.relation(reader.u32())
        reader.u8() // 'N'
        return { tag: 'insert', relation, new: this.readTuple(reader) }
      }
      case 'U': {
        const relation = this.relation(reader.u32())
        const kind = String.fromCharCode(reader.u8())
        let old: TupleValue[] | null = null
        let oldKind: 'K' | 'O' | null = null
        if (kind === 'K' || kind === 'O') {
          oldKind = kind
          old = this.readTuple(reader)
          reader.u8() // 'N'
        }
        return { tag: 'update', relation, old, oldKind, new: this.readTuple(reader) }
      }
      case 'D': {
        const relation = this.relation(reader.u32())
        const oldKind = String.fromCharCode(reader.u8()) === 'O' ? 'O' : 'K'
        return { tag: 'delete', relation, old: this.readTuple(reader), oldKind }
      }
      default:
        // Origin, Type, Truncate, logical Message: nothing Realtime sends.
        return { tag: 'other' }
    }
  }

  private relation(oid: number): Relation {
    const relation = this.relations.get(oid)
    if (!relation) throw new Error(`pgoutput: change for unknown relation ${oid}`)
    return relation
  }

  private readRelation(reader: Reader): Relation {
    const oid = reader.u32()
    const schema = reader.cstring()
    const name = reader.cstring()
    const replicaIdentity = String.fromCharCode(reader.u8())
    const count = reader.i16()
    const columns: RelationColumn[] = []
    for (let i = 0; i < count; i++) {
      const flags = reader.u8()
      const columnName = reader.cstring()
      const typeOid = reader.u32()
      reader.i32() // type modifier
      columns.push({ name: columnName, flags, typeOid })
    }
    const relation = { oid, schema, name, replicaIdentity, columns }
    this.relations.set(oid, relation)
    return relation
  }

  private readTuple(reader: Reader): TupleValue[] {
    const count = reader.i16()
    const values: TupleValue[] = []
    for (let i = 0; i < count; i++) {
      const kind = String.fromCharCode(reader.u8())
      if (kind === 'n') values.push(null)
      else if (kind === 'u') values.push(undefined)
      else values.push(reader.bytes(reader.i32()).toString('utf8'))
    }
    return values
  }
}

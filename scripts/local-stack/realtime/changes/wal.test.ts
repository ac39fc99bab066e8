// pgoutput messages decoded and rewritten as wal2json records: text values kept, unchanged TOAST left out, the
// replica identity's values as `identity` (the key from the new row when the key did not change), the primary key.
import { describe, expect, it } from 'vitest'
import { PgoutputDecoder, type Relation } from './pgoutput.ts'
import { commitTimestamp, walRecord } from './wal.ts'

type Part = ['u8' | 'i16' | 'i32', number] | ['str', string] | ['i64', bigint] | Buffer

function encode(part: Part): Buffer {
  if (Buffer.isBuffer(part)) return part
  switch (part[0]) {
    case 'str':
      return Buffer.from(`${part[1]}\0`)
    case 'i64': {
      const buffer = Buffer.alloc(8)
      buffer.writeBigInt64BE(part[1])
      return buffer
    }
    default: {
      const buffer = Buffer.alloc(part[0] === 'u8' ? 1 : part[0] === 'i16' ? 2 : 4)
      if (part[0] === 'u8') buffer.writeUInt8(part[1])
      else if (part[0] === 'i16') buffer.writeInt16BE(part[1])
      else buffer.writeInt32BE(part[1])
      return buffer
    }
  }
}

/** A pgoutput message: a tag byte and the parts, each encoded as the protocol does. */
function message(tag: string, ...parts: Part[]): Buffer {
  return Buffer.concat([Buffer.from(tag), ...parts.map(encode)])
}

function tuple(...values: (string | null | undefined)[]): Buffer {
  const parts = values.map((value) => {
    if (value === null) return Buffer.from('n')
    if (value === undefined) return Buffer.from('u')
    const length = Buffer.alloc(4)
    length.writeInt32BE(Buffer.byteLength(value))
    return Buffer.concat([Buffer.from('t'), length, Buffer.from(value)])
  })
  const count = Buffer.alloc(2)
  count.writeInt16BE(values.length)
  return Buffer.concat([count, ...parts])
}

describe('pgoutput to wal2json', () => {
  const decoder = new PgoutputDecoder()
  const relationMessage = message('R', ['i32', 16400], ['str', 'public'], ['str', 'notes'], ['u8', 'd'.charCodeAt(0)], ['i16', 3],
    ['u8', 1], ['str', 'id'], ['i32', 20], ['i32', -1],
    ['u8', 0], ['str', 'body'], ['i32', 25], ['i32', -1],
    ['u8', 0], ['str', 'big'], ['i32', 25], ['i32', -1]) // prettier-ignore
  const relation = (decoder.decode(relationMessage) as { relation: Relation }).relation

  it('decodes a transaction’s messages with values as text', () => {
    expect(decoder.decode(message('B', ['i64', 1n], ['i64', 0n], ['i32', 733]))).toEqual({
      tag: 'begin',
      commitTime: 0n,
      xid: 733,
    })
    expect(relation.columns.map((c) => [c.name, c.flags, c.typeOid])).toEqual([
      ['id', 1, 20],
      ['body', 0, 25],
      ['big', 0, 25],
    ])
    expect(decoder.decode(message('I', ['i32', 16400], Buffer.from('N'), tuple('7', 'hi', null)))).toMatchObject({
      tag: 'insert',
      new: ['7', 'hi', null],
    })
    expect(decoder.decode(message('T', ['i32', 1], ['u8', 0], ['i32', 16400]))).toEqual({ tag: 'other' })
  })

  it('writes inserts, updates and deletes as apply_rls reads them', () => {
    const update = decoder.decode(message('U', ['i32', 16400], Buffer.from('N'), tuple('7', 'changed', undefined)))
    if (update.tag !== 'update') throw new Error(`expected an update, got ${update.tag}`)
    const wal = walRecord({ kind: 'update', ...update }, commitTimestamp(0n), ['id'])
    expect(wal).toEqual({
      action: 'U',
      schema: 'public',
      table: 'notes',
      timestamp: '2000-01-01 00:00:00.000000+00',
      pk: [{ name: 'id', type: '20', typeoid: 20 }],
      columns: [
        { name: 'id', type: '20', typeoid: 20, value: '7' },
        { name: 'body', type: '25', typeoid: 25, value: 'changed' },
      ],
      identity: [{ name: 'id', type: '20', typeoid: 20, value: '7' }],
    })
    const remove = decoder.decode(message('D', ['i32', 16400], Buffer.from('K'), tuple('7', null, null)))
    if (remove.tag !== 'delete') throw new Error(`expected a delete, got ${remove.tag}`)
    expect(walRecord({ kind: 'delete', ...remove }, '', ['id'])).toMatchObject({
      action: 'D',
      columns: [],
      identity: [{ name: 'id', value: '7' }],
    })
  })

  it('writes commit times in microseconds, UTC', () => {
    expect(commitTimestamp(777_000_123_456n)).toBe('2000-01-09 23:50:00.123456+00')
  })
})

// Broadcast from the database: a row inserted into realtime.messages (by realtime.send(), realtime.send_binary(),
// realtime.broadcast_changes() or directly) becomes a user broadcast on its topic, public or private as the row
// says, with the row id as metadata — what Realtime's ReplicationConnection does with the same rows.
import type { Relation, TupleValue } from '../changes/pgoutput.ts'
import type { UserBroadcast } from '../socket/messages.ts'
import { topicKey } from './hub.ts'

/** realtime.messages, or one of its partitions when the publication does not publish via the root. */
export function isMessagesTable(relation: Relation): boolean {
  return relation.schema === 'realtime' && relation.name.startsWith('messages')
}

export function databaseBroadcast(
  relation: Relation,
  tuple: TupleValue[],
): { key: string; broadcast: UserBroadcast } | undefined {
  const row = new Map(relation.columns.map((column, i) => [column.name, tuple[i]]))
  const topic = row.get('topic')
  const event = row.get('event')
  const id = row.get('id')
  const payload = row.get('payload')
  const binary = row.get('binary_payload')
  if (typeof topic !== 'string' || typeof event !== 'string' || typeof id !== 'string') return undefined
  let broadcast: UserBroadcast
  if (typeof payload === 'string') {
    broadcast = { userEvent: event, encoding: 'json', payload: Buffer.from(payload, 'utf8'), metadata: { id } }
  } else if (typeof binary === 'string' && binary.startsWith('\\x')) {
    broadcast = { userEvent: event, encoding: 'binary', payload: Buffer.from(binary.slice(2), 'hex'), metadata: { id } }
  } else {
    return undefined
  }
  return { key: topicKey(topic, row.get('private') === 't'), broadcast }
}

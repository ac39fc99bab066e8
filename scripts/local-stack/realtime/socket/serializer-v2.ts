// Protocol 2.0.0 (Realtime's V2Serializer, a superset of Phoenix's V2 JSON serializer): text frames are JSON arrays
// [join_ref, ref, topic, event, payload]; a client's broadcast arrives as a binary frame of kind 3 (user broadcast
// push) and the server fans user broadcasts out as binary frames of kind 4. Lengths are single bytes (≤ 255).
import type { Inbound, Json, JsonObject, Outbound, UserBroadcast } from './messages.ts'
import { isJsonObject, MalformedMessage } from './messages.ts'
import type { Serializer } from './messages.ts'

const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4

function ref(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  throw new MalformedMessage('refs must be strings')
}

function decodeText(data: Buffer): Inbound {
  const frame: unknown = JSON.parse(data.toString('utf8'))
  if (!Array.isArray(frame) || frame.length < 5)
    throw new MalformedMessage('expected [join_ref, ref, topic, event, payload]')
  const [joinRef, messageRef, topic, event, payload] = frame as unknown[]
  if (typeof topic !== 'string' || typeof event !== 'string')
    throw new MalformedMessage('topic and event must be strings')
  return {
    kind: 'message',
    joinRef: ref(joinRef),
    ref: ref(messageRef),
    topic,
    event,
    payload: (payload ?? null) as Json,
  }
}

/** kind 3: u8 kind | u8 join_ref | u8 ref | u8 topic | u8 user_event | u8 metadata | u8 encoding | the parts | payload */
function decodeUserBroadcastPush(data: Buffer): Inbound {
  if (data.length < 7) throw new MalformedMessage('truncated user broadcast push')
  const sizes = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!]
  const encoding = data[6]!
  let offset = 7
  const parts = sizes.map((size) => {
    if (offset + size > data.length) throw new MalformedMessage('truncated user broadcast push')
    const part = data.subarray(offset, offset + size)
    offset += size
    return part
  })
  const [joinRef, messageRef, topic, userEvent, metadata] = parts as [Buffer, Buffer, Buffer, Buffer, Buffer]
  let meta: JsonObject = {}
  if (metadata.length > 0) {
    const parsed: unknown = JSON.parse(metadata.toString('utf8'))
    if (!isJsonObject(parsed)) throw new MalformedMessage('metadata must be a JSON object')
    meta = parsed
  }
  return {
    kind: 'user-broadcast',
    joinRef: joinRef.toString('utf8'),
    ref: messageRef.length > 0 ? messageRef.toString('utf8') : null,
    topic: topic.toString('utf8'),
    userEvent: userEvent.toString('utf8'),
    encoding: encoding === 0 ? 'binary' : 'json',
    payload: Buffer.from(data.subarray(offset)),
    metadata: meta,
  }
}

export const serializerV2: Serializer = {
  vsn: '2.0.0',

  decode(data, isBinary): Inbound {
    if (!isBinary) return decodeText(data)
    if (data[0] === USER_BROADCAST_PUSH) return decodeUserBroadcastPush(data)
    throw new MalformedMessage(`unsupported binary frame kind ${data[0] ?? 'none'}`)
  },

  encode(message: Outbound): string {
    switch (message.kind) {
      case 'reply':
        return JSON.stringify([
          message.joinRef,
          message.ref,
          message.topic,
          'phx_reply',
          { status: message.status, response: message.response },
        ])
      case 'push':
        return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload])
      case 'broadcast': {
        const payload = message.raw ?? JSON.stringify(message.payload)
        return `[null,null,${JSON.stringify(message.topic)},${JSON.stringify(message.event)},${payload}]`
      }
    }
  },

  encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer | undefined {
    const topicBytes = Buffer.from(topic, 'utf8')
    const eventBytes = Buffer.from(broadcast.userEvent, 'utf8')
    const metaBytes = Buffer.from(broadcast.metadata ? JSON.stringify(broadcast.metadata) : '', 'utf8')
    // The server's byte_size! refuses parts over 255 bytes; such a broadcast is not sent.
    if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return undefined
    const header = Buffer.from([
      USER_BROADCAST,
      topicBytes.length,
      eventBytes.length,
      metaBytes.length,
      broadcast.encoding === 'json' ? 1 : 0,
    ])
    return Buffer.concat([header, topicBytes, eventBytes, metaBytes, broadcast.payload])
  },
}

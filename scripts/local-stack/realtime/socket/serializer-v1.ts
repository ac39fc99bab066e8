// Protocol 1.0.0 (Phoenix's V1 JSON serializer): every frame is a JSON object {topic, event, payload, ref[, join_ref]}.
// The server writes only topic, event, payload and ref, as Phoenix does. A user broadcast becomes the JSON broadcast
// Realtime converts it to; a binary payload cannot be represented, so 1.0.0 clients do not get it.
import type { Inbound, JsonObject, Outbound, UserBroadcast } from './messages.ts'
import { isJsonObject, MalformedMessage } from './messages.ts'
import type { Serializer } from './messages.ts'

const optionalString = (value: unknown, key: string): string | null => {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  throw new MalformedMessage(`expected ${key} to be a string`)
}

export const serializerV1: Serializer = {
  vsn: '1.0.0',

  decode(data, isBinary): Inbound {
    if (isBinary) throw new MalformedMessage('binary frames are not part of protocol 1.0.0')
    const message: unknown = JSON.parse(data.toString('utf8'))
    if (!isJsonObject(message)) throw new MalformedMessage('expected a JSON object')
    // Phoenix's Message.from_map!: topic, event, payload and ref are required keys, join_ref is optional.
    for (const key of ['topic', 'event', 'payload', 'ref']) {
      if (!(key in message)) throw new MalformedMessage(`missing key "${key}"`)
    }
    const { topic, event } = message
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new MalformedMessage('topic and event must be strings')
    return {
      kind: 'message',
      topic,
      event,
      payload: message.payload ?? null,
      ref: optionalString(message.ref, 'ref'),
      joinRef: optionalString(message.join_ref, 'join_ref'),
    }
  },

  encode(message: Outbound): string {
    switch (message.kind) {
      case 'reply':
        return JSON.stringify({
          topic: message.topic,
          event: 'phx_reply',
          payload: { status: message.status, response: message.response },
          ref: message.ref,
        })
      case 'push':
        return JSON.stringify({
          topic: message.topic,
          event: message.event,
          payload: message.payload,
          ref: message.ref,
        })
      case 'broadcast': {
        const payload = message.raw ?? JSON.stringify(message.payload)
        return `{"topic":${JSON.stringify(message.topic)},"event":${JSON.stringify(message.event)},"payload":${payload},"ref":null}`
      }
    }
  },

  encodeUserBroadcast(topic: string, broadcast: UserBroadcast): string | undefined {
    if (broadcast.encoding === 'binary') return undefined
    const meta = broadcast.metadata ? `,"meta":${JSON.stringify(broadcast.metadata satisfies JsonObject)}` : ''
    const payload =
      `{"event":${JSON.stringify(broadcast.userEvent)},"payload":${broadcast.payload.toString('utf8')}` +
      `,"type":"broadcast"${meta}}`
    return `{"topic":${JSON.stringify(topic)},"event":"broadcast","payload":${payload},"ref":null}`
  },
}

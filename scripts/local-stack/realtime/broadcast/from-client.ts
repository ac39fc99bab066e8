// A client's broadcast on its channel (BroadcastHandler): fanned out to the topic — to the sender too with
// `self` — as JSON when it came as JSON, as a user broadcast when it came as a 2.0.0 binary frame; acknowledged with
// `ack`. On a private channel it goes out only with write permission, checked once per channel.
import { writeAuthorization } from '../authorization.ts'
import type { Channel } from '../channels/channel.ts'
import type { Inbound } from '../socket/messages.ts'

async function mayWrite(channel: Channel): Promise<boolean> {
  if (!channel.isPrivate) return true
  if (channel.policies.broadcastWrite === undefined) {
    const { pool, log } = channel.context
    const result = await writeAuthorization(
      pool,
      { topic: channel.subTopic, claims: channel.claims, headers: channel.socket.headers },
      'broadcast',
    )
    if (!result.ok) log(`broadcast authorization failed on ${channel.subTopic}: ${result.detail}`)
    channel.policies.broadcastWrite = result.ok && result.value
  }
  return channel.policies.broadcastWrite
}

function validJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'))
    return true
  } catch {
    return false
  }
}

export async function handleBroadcast(channel: Channel, message: Inbound): Promise<void> {
  const { hub } = channel.context
  const except = channel.config.self ? undefined : channel
  if (await mayWrite(channel)) {
    // The client's message itself is one event of the tenant; its deliveries are counted by the hub.
    channel.context.tenant.events.add()
    if (message.kind === 'user-broadcast') {
      // A JSON payload that is not JSON could not be given to a 1.0.0 client (nor parsed by a 2.0.0 one).
      if (message.encoding === 'binary' || validJson(message.payload)) {
        const broadcast = { userEvent: message.userEvent, encoding: message.encoding, payload: message.payload }
        hub.publish(channel.hubKey, { type: 'user', broadcast }, except)
      }
    } else {
      hub.publish(channel.hubKey, { type: 'json', event: 'broadcast', payload: message.payload }, except)
    }
  }
  if (channel.config.ack) channel.reply(message.ref, 'ok', {})
}

// What a joined channel does with a client's push (RealtimeChannel.handle_in): leave, broadcast, presence,
// access_token. Any other event is ignored without a reply, as Realtime does.
import { handleBroadcast } from '../broadcast/from-client.ts'
import { handlePresence } from '../presence/handler.ts'
import type { Inbound } from '../socket/messages.ts'
import { updateAccessToken } from './access-token.ts'
import type { Channel } from './channel.ts'

export async function handleChannelEvent(channel: Channel, message: Inbound): Promise<void> {
  if (message.kind === 'user-broadcast') return handleBroadcast(channel, message)
  switch (message.event) {
    case 'phx_leave':
      channel.reply(message.ref, 'ok', {})
      return channel.close()
    case 'broadcast':
      return handleBroadcast(channel, message)
    case 'presence':
      return handlePresence(channel, message)
    case 'access_token': {
      const payload = message.payload
      const token =
        typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload.access_token : undefined
      return updateAccessToken(channel, token ?? null)
    }
    default:
      return
  }
}

// phx_join, as RealtimeChannel.join runs it: the token (the join's access_token, else the socket's apikey) is
// verified, a private channel is authorised by RLS on realtime.messages, the channel joins its topic, and the reply
// lists the postgres_changes bindings with their ids, followed by any broadcasts replayed (./replay.ts). A refused
// join waits CHANNEL_ERROR_BACKOFF_MS before its error.
import { readAuthorization } from '../authorization.ts'
import { topicKey } from '../broadcast/hub.ts'
import { sendPresenceState } from '../presence/handler.ts'
import { isJsonObject, type InboundMessage, type Json, type JsonObject } from '../socket/messages.ts'
import { watchExpiry } from './access-token.ts'
import { Channel, type ChannelSocket } from './channel.ts'
import { legacyBinding, readJoinConfig } from './join-config.ts'
import { loadReplay, replayWindow, sendReplay, type ReplayedMessage } from './replay.ts'
import { bindingId, prepareBindings, subscribeInBackground, subscribeWithin } from './postgres.ts'
import { checkToken, joinError } from './tokens.ts'

export interface JoiningSocket extends ChannelSocket {
  /** The socket's apikey: the token of a join without access_token. */
  readonly tenantToken: string
  readonly channels: Map<string, Channel>
  readonly closed: boolean
  /** Closes the socket from the server (Realtime's "disconnect" to the transport). */
  disconnect(): void
}

const MAX_CHANNELS_PER_SOCKET = 100

type Joined = { channel: Channel; reply: JsonObject; parseError: string | undefined; replay: ReplayedMessage[] }

export async function join(socket: JoiningSocket, message: InboundMessage): Promise<void> {
  const { topic, ref, joinRef } = message
  const result = await tryJoin(socket, message).catch((error: Error) => {
    socket.context.log(`join of ${topic} failed: ${error.stack ?? error.message}`)
    return `UnknownErrorOnChannel: ${error.message}`
  })
  if (typeof result === 'string') {
    await new Promise((resolve) => setTimeout(resolve, socket.context.joinErrorBackoffMs))
    return socket.send({ kind: 'reply', joinRef, ref, topic, status: 'error', response: { reason: result } })
  }
  const { channel, reply, parseError, replay } = result
  if (socket.closed) return channel.end()
  channel.reply(ref, 'ok', reply)
  sendReplay(channel, replay)
  sendPresenceState(channel)
  if (channel.config.waitMs === undefined && channel.pgParams.length > 0) {
    subscribeInBackground(channel, parseError)
  } else if (channel.bindings.length > 0) {
    channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
  }
  if (channel.config.replicationReady) notifyReplicationReady(channel, Date.now() + 10_000)
}

/** The joined channel, or the reason of the error reply. */
async function tryJoin(socket: JoiningSocket, message: InboundMessage): Promise<Joined | string> {
  const { context } = socket
  const subTopic = message.topic.slice('realtime:'.length)
  if (subTopic === '') return 'TopicNameRequired: You must provide a topic name'
  if (!isJsonObject(message.payload)) return 'UnknownErrorOnChannel: expected the join payload to be a map'
  // The tenant's limits, in RealtimeChannel.join's order: users (a socket already counted passes), then joins per
  // second (counted while under the limit; over it the socket is disconnected too), then channels per socket.
  const { tenant } = context
  if (!tenant.users.has(socket) && tenant.users.size >= tenant.limits.maxConcurrentUsers) {
    return 'ConnectionRateLimitReached: Too many connected users'
  }
  if (tenant.joins.triggered) {
    socket.disconnect()
    return 'ClientJoinRateLimitReached: Too many joins per second'
  }
  tenant.joins.add()
  // Realtime's default max_channels_per_client; a socket re-joining a topic replaces that channel.
  if (socket.channels.size >= MAX_CHANNELS_PER_SOCKET) return 'ChannelRateLimitReached: Too many channels'
  const config = readJoinConfig(message.payload)
  const token = typeof config.token === 'string' && !config.token.startsWith('sb_') ? config.token : socket.tenantToken
  const check = await checkToken(context.keys, token)
  if (!check.ok) return joinError(check)
  if (!config.postgresChanges.every(isJsonObject)) return 'UnknownErrorOnChannel: expected postgres_changes to be maps'

  const channel = new Channel(
    socket,
    message.topic,
    message.joinRef,
    config,
    check.claims,
    token,
    topicKey(subTopic, config.private),
  )
  const unauthorized = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`
  if (config.private) {
    const read = await readAuthorization(context.pool, {
      topic: subTopic,
      claims: check.claims,
      headers: socket.headers,
    })
    if (!read.ok && read.error === 'unavailable')
      return 'UnableToConnectToProject: Realtime was unable to connect to the project database'
    if (!read.ok) context.log(`RlsPolicyError on ${subTopic}: ${read.detail}`)
    if (!read.ok || (!read.value.broadcast && !read.value.presence)) return unauthorized
    channel.policies = { broadcastRead: read.value.broadcast, presenceRead: read.value.presence }
  }
  if (config.replay !== undefined && !config.private)
    return 'UnableToReplayMessages: Replay is not allowed for public channels'
  if (config.replay !== undefined && channel.policies.broadcastRead === false) return unauthorized
  let replay: ReplayedMessage[] = []
  const window = replayWindow(config.replay)
  if (window === 'invalid') return 'UnableToReplayMessages: Replay params are not valid'
  if (window) {
    try {
      replay = await loadReplay(context.pool, subTopic, window)
    } catch (error) {
      context.log(`replay on ${subTopic} failed: ${(error as Error).message}`)
      return 'UnableToReplayMessages: Realtime was unable to replay messages'
    }
    channel.replayed = new Set(replay.map((message) => message.id))
  }

  const raw = config.newApi ? (config.postgresChanges as JsonObject[]) : [legacyBinding(subTopic)]
  channel.pgParams = raw
  const parseError = prepareBindings(channel, raw)
  if (config.waitMs !== undefined && raw.length > 0) {
    const failure = await subscribeWithin(channel, parseError, config.waitMs)
    if (failure !== undefined) {
      await context.changes.unsubscribe(channel)
      return failure
    }
  }
  socket.channels.set(message.topic, channel)
  context.hub.add(channel.hubKey, channel)
  // Counted until the socket closes (a socket that closed while joining is not counted).
  if (!socket.closed) tenant.users.add(socket)
  watchExpiry(channel, check.exp)
  const postgres_changes: Json[] = raw.map((params) => ({ ...params, id: bindingId(params) }))
  return { channel, reply: { postgres_changes }, parseError, replay }
}

/** broadcast.replication_ready: a system message once the replication stream is up (or a shutdown at the deadline). */
function notifyReplicationReady(channel: Channel, deadline: number): void {
  if (channel.context.changes.connected) {
    return channel.system('system', 'ok', 'Replication connection established')
  }
  if (Date.now() >= deadline) return channel.shutdown('Replication connection was not established in time')
  channel.later(500, () => notifyReplicationReady(channel, deadline))
}

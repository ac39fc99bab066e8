// The Phoenix channel messages of the Realtime socket, independent of how a protocol version writes them: what a
// client sends (a message, or a user broadcast in protocol 2.0.0's binary frame) and what the server sends (replies,
// channel pushes and broadcasts, and user broadcasts that protocol 2.0.0 writes as binary frames).

/** A JSON value as it arrives from a client: anything JSON.parse can give. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** A message from a client (phx_join, heartbeat, broadcast, presence, access_token, phx_leave, …). */
export interface InboundMessage {
  kind: 'message'
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Json
}

/** A broadcast a 2.0.0 client sent as a binary frame (kind 3): the user's event and payload travel as raw bytes. */
export interface InboundUserBroadcast {
  kind: 'user-broadcast'
  joinRef: string | null
  ref: string | null
  topic: string
  userEvent: string
  encoding: 'json' | 'binary'
  payload: Buffer
  metadata: JsonObject
}

export type Inbound = InboundMessage | InboundUserBroadcast

/** Anything the server writes on a socket. */
export type Outbound =
  | { kind: 'reply'; joinRef: string | null; ref: string | null; topic: string; status: 'ok' | 'error'; response: Json }
  /** A channel push (system, presence_state, phx_close): carries the channel's join_ref. */
  | { kind: 'push'; joinRef: string | null; ref: string | null; topic: string; event: string; payload: Json }
  /** A broadcast fanned out to a topic's members (broadcast, presence_diff, postgres_changes): no refs. */
  | { kind: 'broadcast'; topic: string; event: string; payload: Json; raw?: string }

/** A user broadcast as Realtime fans it out: 2.0.0 clients get a binary frame (kind 4), 1.0.0 clients JSON. */
export interface UserBroadcast {
  userEvent: string
  encoding: 'json' | 'binary'
  /** JSON text (encoding json) or the raw bytes. */
  payload: Buffer
  metadata?: JsonObject
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A frame that parsed but is not a valid message (Phoenix's InvalidMessageError). */
export class MalformedMessage extends Error {}

/** What a protocol version (the `vsn` query parameter) does: serializer-v1.ts and serializer-v2.ts. */
export interface Serializer {
  readonly vsn: '1.0.0' | '2.0.0'
  /** Throws (MalformedMessage, SyntaxError) on a frame that is not a message of this protocol. */
  decode(data: Buffer, isBinary: boolean): Inbound
  encode(message: Outbound): string | Buffer
  /** undefined: this protocol cannot carry the broadcast (a binary payload to a 1.0.0 client). */
  encodeUserBroadcast(topic: string, broadcast: UserBroadcast): string | Buffer | undefined
}

// The topics of the service and who is subscribed to each, and the fan-out to them. A topic key separates public
// from private channels of the same name, as Realtime's tenant topics do. Each message is encoded once per protocol
// version and the same frame goes to every member speaking it (Realtime's fastlane cache).
//
// Every broadcast delivered counts as one event of the tenant (MessageDispatcher); while the tenant is over its
// events per second, each channel a broadcast reaches is shut down after it with "Too many messages per second".
// Presence diffs count against presence, not events.
import type { RateCounter } from '../limits.ts'
import type { Json, UserBroadcast } from '../socket/messages.ts'
import type { Serializer } from '../socket/serializer.ts'

/** A joined channel as the hub sees it. */
export interface Member {
  /** The channel's topic as the client joined it ("realtime:room1"). */
  readonly topic: string
  readonly serializer: Serializer
  sendFrame(frame: string | Buffer): void
  /** Private channels receive broadcasts only with read permission (broadcast.read). */
  receivesBroadcasts(): boolean
  /** Presence diffs go to channels with presence enabled (and presence.read on private channels). */
  receivesPresence(): boolean
  /** Ids of database broadcasts this member already got as replayed messages at its join. */
  readonly replayed?: ReadonlySet<string> | undefined
  /** Realtime's shutdown_response: a system error, then phx_close. */
  shutdown(message: string): void
}

export type Fanout =
  | { type: 'json'; event: string; payload: Json }
  | { type: 'user'; broadcast: UserBroadcast }
  | { type: 'presence_diff'; payload: Json }

/** "public:room1" or "private:room1". */
export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`
}

export class TopicHub {
  private readonly topics = new Map<string, Set<Member>>()

  /** `events`: the tenant's events per second, which broadcasts count against. */
  constructor(private readonly events?: RateCounter) {}

  add(key: string, member: Member): void {
    let members = this.topics.get(key)
    if (!members) this.topics.set(key, (members = new Set()))
    members.add(member)
  }

  remove(key: string, member: Member): void {
    const members = this.topics.get(key)
    if (!members) return
    members.delete(member)
    if (members.size === 0) this.topics.delete(key)
  }

  members(key: string): Iterable<Member> {
    return this.topics.get(key) ?? []
  }

  /** Sends to every member of the topic (but `except`, the sender of a broadcast without `self`). */
  publish(key: string, message: Fanout, except?: Member): number {
    const members = this.topics.get(key)
    if (!members) return 0
    const cache = new Map<string, string | Buffer | undefined>()
    const counted = message.type !== 'presence_diff' && this.events !== undefined
    const overLimit = counted && this.events!.triggered
    const stopped: Member[] = []
    let sent = 0
    for (const member of members) {
      if (member === except) continue
      if (message.type === 'presence_diff' ? !member.receivesPresence() : !member.receivesBroadcasts()) continue
      if (message.type === 'user' && wasReplayed(member, message.broadcast)) continue
      const cacheKey = `${member.serializer.vsn} ${member.topic}`
      let frame = cache.get(cacheKey)
      if (!cache.has(cacheKey)) {
        frame = encode(member, message)
        cache.set(cacheKey, frame)
      }
      if (frame === undefined) continue
      member.sendFrame(frame)
      sent++
      if (overLimit) stopped.push(member)
    }
    if (counted && sent > 0) this.events!.add(sent)
    for (const member of stopped) member.shutdown('Too many messages per second')
    return sent
  }
}

function wasReplayed(member: Member, broadcast: UserBroadcast): boolean {
  const id = broadcast.metadata?.id
  return typeof id === 'string' && member.replayed?.has(id) === true
}

function encode(member: Member, message: Fanout): string | Buffer | undefined {
  const { serializer, topic } = member
  switch (message.type) {
    case 'user':
      return serializer.encodeUserBroadcast(topic, message.broadcast)
    case 'json':
      return serializer.encode({ kind: 'broadcast', topic, event: message.event, payload: message.payload })
    case 'presence_diff':
      return serializer.encode({ kind: 'broadcast', topic, event: 'presence_diff', payload: message.payload })
  }
}

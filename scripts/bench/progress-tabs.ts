// The progress benchmark's subscribers: each learner's player tab as the app opens it, one Realtime socket (a
// realtime-js RealtimeClient, signed in with the learner's JWT) joined to the channels the player and the signed-in
// shell keep open while a lesson plays (web/src/lib/realtime-share specs):
//   account:<user>        private broadcasts: progress from other devices, access changes, session end
//   notifications:<user>  postgres_changes INSERT on public.notifications, user_id=eq.<user>
//   achievements:<user>   postgres_changes INSERT on public.user_achievements, user_id=eq.<user>
//   questions:<lesson>    postgres_changes INSERT on public.answers and * on public.questions, lesson_id=eq.<lesson>
// A channel with postgres_changes is live once Realtime's system message says its subscription is ok, as the app
// counts it. Counts what arrives per kind and what was refused or shut.
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js'
import WebSocket from 'ws'
import { anonKey } from '../local-stack/keys/index.ts'

interface Change {
  event: 'INSERT' | '*'
  schema: 'public'
  table: string
  filter: string
}

interface Spec {
  topic: string
  private?: boolean
  changes?: Change[]
}

export function playerChannels(userId: string, lessonId: string): Spec[] {
  const mine = `user_id=eq.${userId}`
  const lesson = `lesson_id=eq.${lessonId}`
  return [
    { topic: `account:${userId}`, private: true },
    {
      topic: `notifications:${userId}`,
      changes: [{ event: 'INSERT', schema: 'public', table: 'notifications', filter: mine }],
    },
    {
      topic: `achievements:${userId}`,
      changes: [{ event: 'INSERT', schema: 'public', table: 'user_achievements', filter: mine }],
    },
    {
      topic: `questions:${lessonId}`,
      changes: [
        { event: 'INSERT', schema: 'public', table: 'answers', filter: lesson },
        { event: '*', schema: 'public', table: 'questions', filter: lesson },
      ],
    },
  ]
}

export interface TabCounts {
  live: number
  refused: number
  closed: number
  broadcasts: number
  changes: number
}

export class PlayerTab {
  readonly counts: TabCounts = { live: 0, refused: 0, closed: 0, broadcasts: 0, changes: 0 }
  private readonly client: RealtimeClient
  private readonly channels: RealtimeChannel[] = []

  constructor(
    realtimeUrl: string,
    private readonly token: string,
    private readonly specs: Spec[],
  ) {
    this.client = new RealtimeClient(realtimeUrl, {
      params: { apikey: anonKey },
      // The cast: ws's constructor overloads do not line up with realtime-js's WebSocketLikeConstructor type.
      transport: WebSocket as never,
      accessToken: async () => token,
    })
  }

  get channelCount(): number {
    return this.specs.length
  }

  async open(): Promise<void> {
    await this.client.setAuth(this.token)
    for (const spec of this.specs) {
      const channel = this.client.channel(spec.topic, { config: { private: spec.private === true } })
      const changes = spec.changes ?? []
      channel.on('broadcast', { event: '*' }, () => void this.counts.broadcasts++)
      for (const change of changes) channel.on('postgres_changes', change, () => void this.counts.changes++)
      if (changes.length > 0) {
        channel.on('system', {}, (payload: { extension?: string; status?: string }) => {
          if (payload.extension !== 'postgres_changes') return
          if (payload.status === 'ok') this.counts.live++
          else this.counts.refused++
        })
      }
      channel.subscribe((state) => {
        if (state === 'SUBSCRIBED') {
          if (changes.length === 0) this.counts.live++
        } else if (state === 'CLOSED') this.counts.closed++
        else this.counts.refused++
      })
      this.channels.push(channel)
    }
  }

  close(): void {
    for (const channel of this.channels) void this.client.removeChannel(channel)
    this.client.disconnect()
  }
}

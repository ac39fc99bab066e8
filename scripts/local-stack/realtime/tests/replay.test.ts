// Broadcast replay on private channels (config.broadcast.replay): the latest `limit` broadcasts persisted in
// realtime.messages since `since`, oldest first, each with meta {replayed: true, id}, before live ones; only private
// broadcast rows of the topic; Realtime's join errors for a public channel and for params that are not integers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { RawSocket } from '../testing/raw-socket.ts'
import { collected, settle, subscribe } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

interface Heard {
  event: string
  payload?: unknown
  meta?: { replayed?: boolean; id?: string }
}

describe.skipIf(!dbUrl)('realtime broadcast replay', () => {
  let h: RealtimeHarness
  let topic: (name: string) => string
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!)
    await h.sql.query(`create policy ${h.schema}_read on realtime.messages for select to authenticated
      using (realtime.topic() like '${h.schema}:%')`)
    topic = (name) => `${h.schema}:${name}`
  })
  afterAll(async () => {
    if (!h) return
    await h.sql.query(`drop policy ${h.schema}_read on realtime.messages`)
    await h.sql.query(`delete from realtime.messages where topic like $1`, [`${h.schema}:%`])
    await h.close()
  })
  const reader = (vsn: Vsn = '2.0.0') => h.client({ vsn, token: h.token('replay-reader') })

  /** Broadcasts m1..m4 persisted 4, 3, 2 and 1 minutes ago, and rows replay must pass over. */
  async function history(room: string) {
    await h.sql.query(
      `insert into realtime.messages (topic, extension, event, payload, private, inserted_at)
       select $1, 'broadcast', 'm' || n, jsonb_build_object('n', n), true, now() - make_interval(mins => 5 - n)
       from generate_series(1, 4) n`,
      [room],
    )
    await h.sql.query(
      `insert into realtime.messages (topic, extension, event, payload, private, inserted_at) values
         ($1, 'broadcast', 'public-one', '{}', false, now() - interval '30 seconds'),
         ($1, 'presence', 'presence-one', '{}', true, now() - interval '30 seconds'),
         ($2, 'broadcast', 'other-topic', '{}', true, now() - interval '30 seconds')`,
      [room, `${room}-other`],
    )
  }

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('replays the latest broadcasts since a time, oldest first and marked, then live ones unmarked', async () => {
      const room = topic(`r-${vsn}`)
      await history(room)
      const heard: Heard[] = []
      const since = Date.now() - 3.5 * 60_000
      const channel = (await reader(vsn)).channel(room, {
        config: { private: true, broadcast: { replay: { since, limit: 2 } } },
      })
      channel.on('broadcast', { event: '*' }, (m) => heard.push(m as Heard))
      await subscribe(channel)
      const replayed = await collected('the replayed broadcasts', heard, 2)
      expect(replayed.map((m) => [m.event, m.payload])).toEqual([
        ['m3', { n: 3 }],
        ['m4', { n: 4 }],
      ])
      for (const m of replayed) expect(m.meta).toEqual({ replayed: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })

      await h.sql.query(`select realtime.send('{"n":5}', 'live', $1)`, [room])
      const [, , live] = await collected('the live broadcast', heard, 3)
      expect(live?.event).toBe('live')
      expect(live?.meta?.replayed).toBeUndefined()
      await settle(200)
      expect(heard).toHaveLength(3)
    })
  })

  it('replays the latest 25 without a limit, from any time without a since', async () => {
    const room = topic('all')
    await h.sql.query(
      `insert into realtime.messages (topic, extension, event, payload, private, inserted_at)
       select $1, 'broadcast', 'm' || n, '{}', true, now() - make_interval(secs => 31 - n)
       from generate_series(1, 30) n`,
      [room],
    )
    const heard: Heard[] = []
    const channel = (await reader()).channel(room, {
      // realtime-js types `since` as required; the server does not, and takes 0.
      config: { private: true, broadcast: { replay: {} as { since: number } } },
    })
    channel.on('broadcast', { event: '*' }, (m) => heard.push(m as Heard))
    await subscribe(channel)
    await collected('the replayed broadcasts', heard, 25)
    await settle(300)
    expect(heard.map((m) => m.event)).toEqual(Array.from({ length: 25 }, (_, i) => `m${i + 6}`))
  })

  it('refuses replay on a public channel, and params that are not integers', async () => {
    // realtime-js refuses replay on a public channel before sending anything: the server's answer needs a raw join.
    const socket = await RawSocket.open(h.url, '2.0.0')
    const reason = async (payload: unknown) => {
      const { reply } = await socket.join(`realtime:${topic('refused')}`, payload)
      return (reply.payload as { response: { reason?: string } }).response.reason
    }
    const token = h.token('replay-reader')
    expect(await reason({ access_token: token, config: { broadcast: { replay: { since: 0 } } } })).toBe(
      'UnableToReplayMessages: Replay is not allowed for public channels',
    )
    expect(
      await reason({ access_token: token, config: { private: true, broadcast: { replay: { since: 'yesterday' } } } }),
    ).toBe('UnableToReplayMessages: Replay params are not valid')
    expect(
      await reason({ access_token: token, config: { private: true, broadcast: { replay: { since: 0, limit: 2.5 } } } }),
    ).toBe('UnableToReplayMessages: Replay params are not valid')
    socket.close()
  })
})

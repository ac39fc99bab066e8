// Private channels authorised by RLS on realtime.messages with realtime.topic(): who may join, who may broadcast and
// track, REST and database broadcasts to private topics, an access_token update that loses read access, and a token
// that expires (both close the channel with Realtime's system message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { collected, settle, subscribe, subscribeOutcome, subscribeTracked, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

/** Readers read broadcast and presence on the harness's topics, lurkers only broadcast; writers also write. */
const policies = (schema: string) => `
  create policy ${schema}_read on realtime.messages for select to authenticated
    using (realtime.topic() like '${schema}:%' and ((select auth.jwt() ->> 'app_role') in ('reader', 'writer')
      or ((select auth.jwt() ->> 'app_role') = 'lurker' and extension = 'broadcast')));
  create policy ${schema}_write on realtime.messages for insert to authenticated
    with check (realtime.topic() like '${schema}:%' and (select auth.jwt() ->> 'app_role') = 'writer');`

describe.skipIf(!dbUrl)('realtime private channels', () => {
  let h: RealtimeHarness
  let topic: (name: string) => string
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!)
    await h.sql.query(policies(h.schema))
    topic = (name) => `${h.schema}:${name}`
  })
  afterAll(async () => {
    if (!h) return
    await h.sql.query(
      `drop policy ${h.schema}_read on realtime.messages; drop policy ${h.schema}_write on realtime.messages`,
    )
    await h.close()
  })
  const as = (role: string, vsn: Vsn = '2.0.0', exp?: number) =>
    h.client({ vsn, token: h.token(`${role}-user`, { app_role: role, ...(exp ? { exp } : {}) }) })

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('lets readers join and refuses others with Unauthorized', async () => {
      await subscribe((await as('reader', vsn)).channel(topic('a'), { config: { private: true } }))
      const refused = await subscribeOutcome(
        (await as('outsider', vsn)).channel(topic('a'), { config: { private: true } }),
      )
      expect(refused.status).toBe('CHANNEL_ERROR')
      expect(refused.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic('a')}`,
      )
      // Public and private channels of one name are different topics: anyone joins the public one.
      await subscribe((await as('outsider', vsn)).channel(topic('a')))
    })

    it('fans out broadcasts and presence only from callers with write permission', async () => {
      const room = topic(`b-${vsn}`)
      const heard: { event: string }[] = []
      const listener = (await as('reader', vsn)).channel(room, { config: { private: true } })
      listener.on('broadcast', { event: '*' }, (m) => heard.push(m as { event: string }))
      await subscribe(listener)
      const reader = (await as('reader', vsn)).channel(room, { config: { private: true, presence: { key: 'r' } } })
      const writer = (await as('writer', vsn)).channel(room, { config: { private: true, presence: { key: 'w' } } })
      await subscribe(reader)
      await subscribe(writer)
      await reader.send({ type: 'broadcast', event: 'from-reader', payload: {} })
      await writer.send({ type: 'broadcast', event: 'from-writer', payload: {} })
      await collected('the writer’s broadcast', heard, 1)
      await reader.track({ who: 'reader' })
      await writer.track({ who: 'writer' })
      await waitFor('the writer’s presence', () => 'w' in writer.presenceState())
      await settle(200)
      expect(heard.map((m) => m.event)).toEqual(['from-writer'])
      expect(Object.keys(writer.presenceState())).toEqual(['w'])
    })
  })

  it('delivers REST and database broadcasts to private topics the sender may write', async () => {
    const room = topic('c')
    const heard: { event: string; payload?: unknown }[] = []
    const listener = (await as('reader')).channel(room, { config: { private: true } })
    listener.on('broadcast', { event: '*' }, (m) => heard.push(m as { event: string; payload?: unknown }))
    await subscribe(listener)
    const writer = (await as('writer')).channel(room, { config: { private: true } })
    await expect(writer.httpSend('rest', { ok: 1 })).resolves.toEqual({ success: true })
    const reader = (await as('reader')).channel(room, { config: { private: true } })
    await expect(reader.httpSend('rest-denied', {})).rejects.toThrow('Unauthorized')
    await h.sql.query(`select realtime.send('{"n":1}', 'sql', $1)`, [room])
    await h.sql.query(`select realtime.send_binary('\\x0102'::bytea, 'sql-binary', $1)`, [room])
    await h.sql.query(
      `select realtime.broadcast_changes($1, 'changes', 'INSERT', 'items', 'public', row(1, 'x')::record, null::record)`,
      [room],
    )
    const events = await collected('REST and database broadcasts', heard, 4)
    expect(events.map((m) => m.event).sort()).toEqual(['changes', 'rest', 'sql', 'sql-binary'])
    expect(events.find((m) => m.event === 'changes')?.payload).toMatchObject({
      operation: 'INSERT',
      table: 'items',
      schema: 'public',
      record: { f1: 1, f2: 'x' },
      old_record: null,
    })
  })

  it('closes the channel when an access_token update loses read access, or when the token expires', async () => {
    const closedAfterSwitch = async (name: string, role: string) => {
      const client = await as('reader')
      const channel = client.channel(topic(name), { config: { private: true } })
      const system: { message: string }[] = []
      channel.on('system', {}, (m) => system.push(m as { message: string }))
      const statuses = await subscribeTracked(channel)
      await client.realtime.setAuth(h.token(`${role}-user`, { app_role: role }))
      await waitFor('CLOSED', () => statuses.includes('CLOSED'))
      return system.at(-1)?.message
    }
    expect(await closedAfterSwitch('d', 'outsider')).toBe(
      `You do not have permissions to read from this Channel topic: ${topic('d')}`,
    )
    expect(await closedAfterSwitch('d2', 'lurker')).toBe(
      `You no longer have permission to read from this Channel topic: ${topic('d2')}`,
    )

    const soon = Math.floor(Date.now() / 1000) + 2
    const expiring = (await as('reader', '2.0.0', soon)).channel(topic('e'), { config: { private: true } })
    const expiry: { message: string }[] = []
    let closed = false
    expiring.on('system', {}, (m) => expiry.push(m as { message: string }))
    await new Promise<void>((resolve) =>
      expiring.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve()
        if (status === 'CLOSED') closed = true
      }),
    )
    await waitFor('the expired channel to close', () => closed, 5000)
    expect(expiry.at(-1)?.message).toMatch(/^Token has expired \d+ seconds ago$/)
  })
})

// Presence through supabase-js on both protocol versions: state on join, join and leave events as clients track,
// update, untrack and leave, the answers to a bad track, and the per-channel limit on presence calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { RawSocket } from '../testing/raw-socket.ts'
import { collected, subscribe, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

type State = Record<string, { presence_ref: string; [key: string]: unknown }[]>

describe.skipIf(!dbUrl)('realtime presence', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!)
  })
  afterAll(() => h?.close())

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('shares state and sends joins and leaves as clients track, update, untrack and leave', async () => {
      const topic = `presence-${vsn}`
      const alice = (await h.client({ vsn })).channel(topic, { config: { presence: { key: 'alice' } } })
      const bob = (await h.client({ vsn })).channel(topic, { config: { presence: { key: 'bob' } } })
      const joins: { key: string; newPresences: unknown[] }[] = []
      const leaves: { key: string; leftPresences: unknown[] }[] = []
      bob
        .on('presence', { event: 'join' }, (e) => joins.push(e))
        .on('presence', { event: 'leave' }, (e) => leaves.push(e))
      await subscribe(alice)
      await subscribe(bob)
      expect(await alice.track({ status: 'online' })).toBe('ok')
      await collected('alice joining', joins, 1)
      expect(joins[0]).toMatchObject({ key: 'alice', newPresences: [{ status: 'online' }] })
      await waitFor('alice in bob’s state', () => (bob.presenceState() as State).alice?.[0]?.status === 'online')

      expect(await alice.track({ status: 'away' })).toBe('ok')
      await waitFor('the update', () => (bob.presenceState() as State).alice?.[0]?.status === 'away')
      expect((bob.presenceState() as State).alice).toHaveLength(1)

      expect(await bob.track({ status: 'here' })).toBe('ok')
      const late = (await h.client({ vsn })).channel(topic, { config: { presence: { key: 'carol', enabled: true } } })
      await subscribe(late)
      await waitFor('the full state for a new member', () => {
        const state = late.presenceState() as State
        return state.alice?.[0]?.status === 'away' && state.bob?.[0]?.status === 'here'
      })

      expect(await alice.untrack()).toBe('ok')
      await waitFor(
        'alice leaving',
        () => leaves.some((e) => e.key === 'alice') && !(bob.presenceState() as State).alice,
      )
      await alice.track({ status: 'back' })
      await waitFor('alice back', () => (bob.presenceState() as State).alice?.[0]?.status === 'back')
      await alice.unsubscribe()
      await waitFor('alice gone with her channel', () => !(late.presenceState() as State).alice)
    })

    it('answers a track whose payload is not a map with an error, and an unknown presence event with an error', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const { joinRef } = await socket.join(`realtime:presence-bad-${vsn}`, { config: { presence: { enabled: true } } })
      await socket.next('presence_state', (f) => f.event === 'presence_state')
      const bad = socket.push(
        `realtime:presence-bad-${vsn}`,
        'presence',
        { type: 'presence', event: 'track', payload: 'x' },
        joinRef,
      )
      expect((await socket.reply(bad)).payload).toEqual({
        status: 'error',
        response: { reason: 'Presence track payload must be a map' },
      })
      const odd = socket.push(`realtime:presence-bad-${vsn}`, 'presence', { type: 'presence', event: 'dance' }, joinRef)
      expect((await socket.reply(odd)).payload).toEqual({ status: 'error', response: {} })
      socket.close()
    })

    it('allows 5 presence calls per channel in 30 s, then shuts the channel as Realtime does', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const topic = `realtime:presence-limit-${vsn}`
      const { joinRef } = await socket.join(topic, { config: { presence: { key: 'busy' } } })
      // Without an event the push is acknowledged and not counted.
      const silent = socket.push(topic, 'presence', { type: 'presence' }, joinRef)
      expect((await socket.reply(silent)).payload).toEqual({ status: 'ok', response: {} })
      for (let call = 1; call <= 5; call++) {
        const ref = socket.push(topic, 'presence', { type: 'presence', event: 'track', payload: { call } }, joinRef)
        expect((await socket.reply(ref)).payload).toEqual({ status: 'ok', response: {} })
      }
      socket.push(topic, 'presence', { type: 'presence', event: 'untrack' }, joinRef)
      const system = await socket.next('the shutdown', (f) => f.event === 'system')
      expect(system.payload).toEqual({
        extension: 'system',
        status: 'error',
        message: 'Client presence rate limit exceeded',
        channel: `presence-limit-${vsn}`,
      })
      await socket.next('phx_close', (f) => f.event === 'phx_close' && f.topic === topic)
      // The limit is the channel's: another channel on the same socket still tracks.
      const other = `realtime:presence-limit-other-${vsn}`
      const second = await socket.join(other, {})
      const ref = socket.push(other, 'presence', { type: 'presence', event: 'track', payload: {} }, second.joinRef)
      expect((await socket.reply(ref)).payload).toEqual({ status: 'ok', response: {} })
      socket.close()
    })
  })
})

// access_token updates are throttled as Realtime throttles them (ACCESS_TOKEN_THROTTLE_MS, 10 s by default; 600 ms
// here): the first update of a channel applies at once, one inside the window waits until the window closes, and the
// latest of several waiting is the one applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { settle, subscribeTracked, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
const THROTTLE_MS = 600

describe.skipIf(!dbUrl)('realtime access_token throttle', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!, { accessTokenThrottleMs: THROTTLE_MS })
    await h.sql.query(`create policy ${h.schema}_read on realtime.messages for select to authenticated
      using (realtime.topic() like '${h.schema}:%' and (select auth.jwt() ->> 'app_role') = 'reader')`)
  })
  afterAll(async () => {
    if (!h) return
    await h.sql.query(`drop policy ${h.schema}_read on realtime.messages`)
    await h.close()
  })
  const token = (role: string, n: number) => h.token(`${role}-${n}`, { app_role: role })

  it('applies the first update at once and holds the next one until the window closes', async () => {
    const client = await h.client({ token: token('reader', 1) })
    const channel = client.channel(`${h.schema}:held`, { config: { private: true } })
    const system: { message: string }[] = []
    channel.on('system', {}, (m) => system.push(m as { message: string }))
    const statuses = await subscribeTracked(channel)
    // First update: a reader's token again, applied at once; it opens the window.
    const opened = performance.now()
    await client.realtime.setAuth(token('reader', 2))
    // Inside the window: an outsider's token, then another; the latest is held and applied when the window closes,
    // which closes the channel (read access lost).
    await client.realtime.setAuth(token('outsider', 3))
    await client.realtime.setAuth(token('outsider', 4))
    await settle(THROTTLE_MS / 3)
    expect(statuses).not.toContain('CLOSED')
    await waitFor('CLOSED', () => statuses.includes('CLOSED'), 5000)
    expect(performance.now() - opened).toBeGreaterThanOrEqual(THROTTLE_MS - 50)
    expect(system.at(-1)?.message).toBe(`You do not have permissions to read from this Channel topic: ${h.schema}:held`)
  })

  it('applies an update at once when the last one is older than the window', async () => {
    const client = await h.client({ token: token('reader', 5) })
    const channel = client.channel(`${h.schema}:later`, { config: { private: true } })
    const statuses = await subscribeTracked(channel)
    await client.realtime.setAuth(token('reader', 6))
    await settle(THROTTLE_MS + 100)
    const sent = performance.now()
    await client.realtime.setAuth(token('outsider', 7))
    await waitFor('CLOSED', () => statuses.includes('CLOSED'), 5000)
    expect(performance.now() - sent).toBeLessThan(THROTTLE_MS / 2)
  })
})

// The leader's channel transport: a channel that drops (error, time-out, closed by the server) asks the reachability
// store to check the API, so an idle page learns the API is gone; a live channel does not.
import { beforeEach, describe, expect, it, vi } from 'vitest'

type SubscribeCallback = (state: string) => void
const channels: { subscribe: SubscribeCallback }[] = []

vi.mock('../realtime', () => ({
  openChannel: (_topic: string, setup: (channel: unknown) => void) => {
    const channel = {
      on: () => channel,
      subscribe: (callback: SubscribeCallback) => channels.push({ subscribe: callback }),
    }
    setup(channel)
    return () => {}
  },
}))

const check = vi.fn(() => Promise.resolve())
vi.mock('../connection', () => ({ reachability: { check: () => check() } }))

const { realtimeTransport } = await import('./realtime-transport')

describe('realtimeTransport', () => {
  beforeEach(() => {
    channels.length = 0
    check.mockClear()
  })

  it('checks the API when a channel errors or times out, not when it is live', () => {
    const statuses: string[] = []
    const stop = realtimeTransport({ topic: 'course:1' }, { message: () => {}, status: (s) => statuses.push(s) })
    channels[0]?.subscribe('SUBSCRIBED')
    expect(check).not.toHaveBeenCalled()
    channels[0]?.subscribe('CHANNEL_ERROR')
    expect(check).toHaveBeenCalledTimes(1)
    channels[0]?.subscribe('TIMED_OUT')
    expect(check).toHaveBeenCalledTimes(2)
    expect(statuses).toEqual(['live', 'paused', 'paused'])
    stop()
  })

  it('checks the API when the server closes the channel', () => {
    vi.useFakeTimers()
    const stop = realtimeTransport({ topic: 'course:2' }, { message: () => {}, status: () => {} })
    channels[0]?.subscribe('CLOSED')
    expect(check).toHaveBeenCalledTimes(1)
    stop()
    vi.useRealTimers()
  })
})

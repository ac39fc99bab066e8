import { describe, expect, it } from 'vitest'
import { Reachability } from './reachability'

function setup(answers: boolean[]) {
  const timers: (() => void)[] = []
  let probes = 0
  const reachability = new Reachability({
    probe: () => Promise.resolve(answers[probes++] ?? true),
    setTimer: (run) => timers.push(run),
    clearTimer: () => timers.splice(0),
  })
  const runTimer = async () => {
    timers.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { reachability, timers, runTimer, probes: () => probes }
}

describe('Reachability', () => {
  it('is down after a request that got no answer, and up once the probe is answered', async () => {
    const { reachability, timers, runTimer, probes } = setup([false, true])
    reachability.report(new TypeError('Failed to fetch'))
    expect(reachability.isDown()).toBe(true)
    expect(timers).toHaveLength(1)
    await runTimer()
    expect(reachability.isDown()).toBe(true)
    expect(probes()).toBe(1)
    await runTimer()
    expect(reachability.isDown()).toBe(false)
    expect(timers).toHaveLength(0)
  })

  it('treats a gateway 503 as unreachable but a refusal from the server as reachable', () => {
    const { reachability } = setup([])
    reachability.report({ status: 503, message: 'unavailable' })
    expect(reachability.isDown()).toBe(true)
    reachability.report({ status: 403, code: '42501', message: 'permission denied' })
    expect(reachability.isDown()).toBe(false)
  })

  it('tells its listeners only when the state changes', () => {
    const { reachability } = setup([])
    let calls = 0
    reachability.subscribe(() => (calls += 1))
    reachability.report(null)
    reachability.markDown()
    reachability.markDown()
    reachability.report(null)
    expect(calls).toBe(2)
  })
})

// Leader election over a stand-in for the Web Locks API (exclusive locks granted in request order, a waiting
// request given up through its signal): one tab leads at a time, the next in line takes over when it goes, a tab
// that closes while waiting never leads, and without Web Locks a tab leads on its own.
import { describe, expect, it } from 'vitest'
import { electLeader, type LockManagerLike } from './leader'

function lockManager(): LockManagerLike {
  const queues = new Map<string, { grant: () => void; signal: AbortSignal }[]>()
  const held = new Set<string>()
  const next = (name: string) => {
    const queue = queues.get(name) ?? []
    while (queue.length > 0 && !held.has(name)) {
      const waiter = queue.shift()!
      if (!waiter.signal.aborted) waiter.grant()
    }
  }
  return {
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const grant = () => {
          held.add(name)
          void callback().then(() => {
            held.delete(name)
            resolve(undefined)
            next(name)
          })
        }
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        queues.set(name, [...(queues.get(name) ?? []), { grant, signal }])
        next(name)
      })
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('electLeader', () => {
  it('lets one tab lead at a time and hands over to the next in line when the leader goes', async () => {
    const locks = lockManager()
    const led: string[] = []
    const resignA = electLeader('summit-realtime:u', () => led.push('a'), locks)
    electLeader('summit-realtime:u', () => led.push('b'), locks)
    electLeader('summit-realtime:u', () => led.push('c'), locks)
    await settle()
    expect(led).toEqual(['a'])
    resignA()
    await settle()
    expect(led).toEqual(['a', 'b'])
  })

  it('never makes a tab that went away while waiting the leader', async () => {
    const locks = lockManager()
    const led: string[] = []
    const resignA = electLeader('summit-realtime:u', () => led.push('a'), locks)
    const resignB = electLeader('summit-realtime:u', () => led.push('b'), locks)
    electLeader('summit-realtime:u', () => led.push('c'), locks)
    resignB()
    resignA()
    await settle()
    expect(led).toEqual(['a', 'c'])
  })

  it('keeps users apart: each user’s tabs elect their own leader', async () => {
    const locks = lockManager()
    const led: string[] = []
    electLeader('summit-realtime:u1', () => led.push('u1'), locks)
    electLeader('summit-realtime:u2', () => led.push('u2'), locks)
    await settle()
    expect(led).toEqual(['u1', 'u2'])
  })

  it('leads at once where the browser has no Web Locks', () => {
    const led: string[] = []
    electLeader('summit-realtime:u', () => led.push('alone'), undefined)
    expect(led).toEqual(['alone'])
  })
})

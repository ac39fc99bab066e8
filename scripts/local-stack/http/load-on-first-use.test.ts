import { describe, expect, it } from 'vitest'
import { loadOnFirstUse } from './load-on-first-use.ts'

describe('loadOnFirstUse', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0
    const load = loadOnFirstUse(async () => ({ n: ++loads }))
    expect(loads).toBe(0)
    const [a, b] = await Promise.all([load(), load()])
    expect(await load()).toBe(a)
    expect(b).toBe(a)
    expect(loads).toBe(1)
  })

  it('tries again after a failed load', async () => {
    let loads = 0
    const load = loadOnFirstUse(async () => {
      loads += 1
      if (loads === 1) throw new Error('not yet')
      return 'loaded'
    })
    await expect(load()).rejects.toThrow('not yet')
    await expect(load()).resolves.toBe('loaded')
    await expect(load()).resolves.toBe('loaded')
    expect(loads).toBe(2)
  })
})

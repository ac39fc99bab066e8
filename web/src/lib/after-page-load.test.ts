// loadSoonAfterPageLoad: one load for every caller, started by itself once the page has loaded (at once when it has,
// on the load event while it is loading) and the browser is idle; a failed idle load is not kept, so the first use
// loads again.
import { describe, expect, it, vi } from 'vitest'
import { loadSoonAfterPageLoad } from './after-page-load'

describe('loadSoonAfterPageLoad', () => {
  it('starts the load by itself after the page has loaded, and shares it with every caller', async () => {
    const load = vi.fn(async () => ({ ready: true }))
    const shared = loadSoonAfterPageLoad(load)
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    const [a, b] = await Promise.all([shared(), shared()])
    expect(a).toBe(b)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits for the load event while the page is still loading', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const load = vi.fn(async () => 'loaded')
    try {
      loadSoonAfterPageLoad(load)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(load).not.toHaveBeenCalled()
    } finally {
      readyState.mockRestore()
    }
    window.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })

  it('loads again at the first use after the idle load failed', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('loaded')
    const shared = loadSoonAfterPageLoad(load)
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    // Let the failed idle load settle before the first use.
    await new Promise((resolve) => setTimeout(resolve, 0))
    await expect(shared()).resolves.toBe('loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

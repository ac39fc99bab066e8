// The autosave queue: debounced merged saves, no lost edits while offline, and conflicts held for a decision.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AutosaveQueue, type AutosaveStatus, type SaveResult } from './autosave-queue'

type Patch = { title: string; subtitle: string }

function setup(save: (patch: Partial<Patch>, version: string) => Promise<SaveResult>) {
  const statuses: AutosaveStatus[] = []
  const saveSpy = vi.fn(save)
  const queue = new AutosaveQueue<Patch>({
    version: 'v1',
    save: saveSpy,
    isRetryable: (error) => error instanceof TypeError,
    onChange: (snapshot) => statuses.push(snapshot.status),
    delayMs: 500,
    retryDelayMs: () => 1000,
  })
  return { queue, saveSpy, statuses }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('AutosaveQueue', () => {
  it('sends one merged patch after the quiet spell, based on the version it last saw', async () => {
    let n = 1
    const { queue, saveSpy, statuses } = setup(async () => ({ kind: 'saved', version: `v${++n}` }))
    queue.edit({ title: 'Ab' })
    await vi.advanceTimersByTimeAsync(300)
    queue.edit({ title: 'Abc', subtitle: 'x' })
    expect(saveSpy).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(500)
    expect(saveSpy).toHaveBeenCalledExactlyOnceWith({ title: 'Abc', subtitle: 'x' }, 'v1')
    queue.edit({ subtitle: 'y' })
    await vi.advanceTimersByTimeAsync(500)
    expect(saveSpy).toHaveBeenLastCalledWith({ subtitle: 'y' }, 'v2')
    expect(statuses.at(-1)).toBe('saved')
  })

  it('keeps edits while the network is down and retries until they are saved', async () => {
    let online = false
    const { queue, saveSpy, statuses } = setup(async () => {
      if (!online) throw new TypeError('Failed to fetch')
      return { kind: 'saved', version: 'v2' }
    })
    queue.edit({ title: 'Offline title' })
    await vi.advanceTimersByTimeAsync(500)
    expect(queue.status).toBe('offline')
    // An edit made while offline joins the failed one; neither is lost.
    queue.edit({ subtitle: 'typed offline' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(queue.status).toBe('offline')
    online = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(saveSpy).toHaveBeenLastCalledWith({ title: 'Offline title', subtitle: 'typed offline' }, 'v1')
    expect(queue.status).toBe('saved')
    expect(queue.hasUnsaved()).toBe(false)
    expect(statuses).toContain('offline')
  })

  it('does not retry a refusal on its own, and keeps the edit for the next save', async () => {
    const refusal = { code: '23514' }
    let refuse = true
    const { queue, saveSpy } = setup(async () => {
      if (refuse) throw refusal
      return { kind: 'saved', version: 'v2' }
    })
    queue.edit({ title: 'x' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(queue.status).toBe('error')
    expect(saveSpy).toHaveBeenCalledTimes(1)
    refuse = false
    queue.edit({ title: 'xyz' })
    await vi.advanceTimersByTimeAsync(500)
    expect(saveSpy).toHaveBeenLastCalledWith({ title: 'xyz' }, 'v1')
    expect(queue.status).toBe('saved')
  })

  it('stops on a conflict, then overwrites with the other version or discards my edits', async () => {
    const { queue, saveSpy } = setup(async (_patch, version) =>
      version === 'theirs' ? { kind: 'saved', version: 'v3' } : { kind: 'conflict' },
    )
    queue.edit({ title: 'Mine' })
    await vi.advanceTimersByTimeAsync(500)
    expect(queue.status).toBe('conflict')
    queue.edit({ subtitle: 'also mine' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(saveSpy).toHaveBeenCalledTimes(1)
    await queue.overwrite('theirs')
    expect(saveSpy).toHaveBeenLastCalledWith({ title: 'Mine', subtitle: 'also mine' }, 'theirs')
    expect(queue.status).toBe('saved')

    queue.edit({ title: 'Again' })
    await vi.advanceTimersByTimeAsync(500)
    expect(queue.status).toBe('conflict')
    queue.discard('v9')
    expect(queue.hasUnsaved()).toBe(false)
    expect(queue.status).toBe('saved')
  })

  it("builds on the author's own state change instead of calling it a conflict", async () => {
    const { queue, saveSpy } = setup(async (_patch, version) =>
      version === 'after-publish' ? { kind: 'saved', version: 'v3' } : { kind: 'conflict' },
    )
    queue.rebase('after-publish')
    queue.edit({ title: 'Next' })
    await vi.advanceTimersByTimeAsync(500)
    expect(saveSpy).toHaveBeenLastCalledWith({ title: 'Next' }, 'after-publish')
    expect(queue.status).toBe('saved')
  })
})

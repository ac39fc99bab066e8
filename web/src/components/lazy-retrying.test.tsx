// lazyRetrying: the fallback while the code loads; a failed load reaches the error boundary once (no loading again at
// once while the network is down), and the boundary's retry, a new mount, loads again. lazyPreloaded: its preload
// starts the load before a render, and a preload that fails leaves the render to load again.
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FailureBoundary } from '@/testing/failure-boundary'
import { lazyPreloaded, lazyRetrying } from './lazy-retrying'

function Part({ name }: { name: string }) {
  return <p>Part {name}</p>
}

describe('lazyRetrying', () => {
  it('shows the fallback, then the part', async () => {
    const Lazy = lazyRetrying(async () => Part, <p>Loading</p>)
    render(<Lazy name="a" />)
    expect(screen.getByText('Loading')).toBeTruthy()
    expect(await screen.findByText('Part a')).toBeTruthy()
  })

  it('shows a failure once, and loads again on the next mount', async () => {
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Part)
    const Lazy = lazyRetrying(load)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const first = render(
      <FailureBoundary>
        <Lazy name="b" />
      </FailureBoundary>,
    )
    expect(await first.findByText('Could not load')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(load).toHaveBeenCalledTimes(1)
    first.unmount()

    render(
      <FailureBoundary>
        <Lazy name="b" />
      </FailureBoundary>,
    )
    expect(await screen.findByText('Part b')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('lazyPreloaded', () => {
  it('starts loading on preload, before anything renders', async () => {
    const load = vi.fn(async () => Part)
    const Lazy = lazyPreloaded(load, <p>Loading</p>)
    expect(load).not.toHaveBeenCalled()
    Lazy.preload()
    expect(load).toHaveBeenCalledTimes(1)
    render(<Lazy name="c" />)
    expect(await screen.findByText('Part c')).toBeTruthy()
  })

  it('handles a failed preload itself, and the render loads again', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const handled = vi.spyOn(failed, 'then')
    // A plain function: a mock would itself attach a handler to what it returns, to record how it settles.
    let calls = 0
    const load = () => (++calls === 1 ? failed : Promise.resolve(Part))
    const Lazy = lazyPreloaded(load)
    expect(Lazy.preload()).toBeUndefined()
    // A handler is on the failed load (else it would be an unhandled rejection in the page).
    expect(handled).toHaveBeenCalled()
    render(<Lazy name="d" />)
    expect(await screen.findByText('Part d')).toBeTruthy()
    expect(calls).toBe(2)
  })
})

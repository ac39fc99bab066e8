// lazyRetrying: the fallback while the code loads; a failed load reaches the error boundary once (no loading again at
// once while the network is down), and the boundary's retry, a new mount, loads again.
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FailureBoundary } from '@/testing/failure-boundary'
import { lazyRetrying } from './lazy-retrying'

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

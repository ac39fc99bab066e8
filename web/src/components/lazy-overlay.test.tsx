// lazyOverlay: nothing is rendered (or loaded on its account) before the first opening unless the page has loaded;
// the overlay renders once loaded and stays mounted after it closes; a load that failed is tried again.
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FailureBoundary } from '@/testing/failure-boundary'
import { lazyOverlay } from './lazy-overlay'

function Panel({ open }: { open: boolean }) {
  return <div role="dialog" aria-label="Panel" data-open={open} />
}

describe('lazyOverlay', () => {
  it('renders nothing until first opened, then the overlay, and keeps it mounted when closed', async () => {
    const load = vi.fn(async () => Panel)
    const Overlay = lazyOverlay(load)
    const { rerender } = render(<Overlay open={false} />)
    expect(screen.queryByRole('dialog')).toBeNull()

    rerender(<Overlay open />)
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toHaveProperty('dataset.open', 'true')
    rerender(<Overlay open={false} />)
    expect(screen.getByRole('dialog', { name: 'Panel' })).toHaveProperty('dataset.open', 'false')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads once the page has loaded and the browser is idle, before any opening', async () => {
    const load = vi.fn(async () => Panel)
    lazyOverlay(load)
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })

  it('loads again after a failed load, when the error boundary tries again', async () => {
    const load = vi
      .fn<() => Promise<typeof Panel>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Panel)
    const Overlay = lazyOverlay(load)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const first = render(
      <FailureBoundary>
        <Overlay open />
      </FailureBoundary>,
    )
    expect(await first.findByText('Could not load')).toBeTruthy()
    first.unmount()

    render(
      <FailureBoundary>
        <Overlay open />
      </FailureBoundary>,
    )
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

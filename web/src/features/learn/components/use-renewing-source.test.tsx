// The player's renewal of a short-lived media URL: an expired URL (the element's load error) is signed again and
// playback carries on from the same second; a URL that fails again at once is not renewed in a loop; other errors
// (a decode error) are not mistaken for expiry.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { useRenewingSource } from './use-renewing-source'

function Player({ renew }: { renew: () => Promise<string | null> }) {
  const source = useRenewingSource('https://media.test/v.webm?token=first', renew)
  return (
    <video
      data-testid="video"
      src={source.src ?? undefined}
      onError={source.onError}
      onLoadedMetadata={source.onLoadedMetadata}
    >
      <track kind="captions" />
    </video>
  )
}

// MediaError codes from the HTML standard (jsdom has no MediaError).
const NETWORK = 2
const DECODE = 3
const SRC_NOT_SUPPORTED = 4

function failWith(video: HTMLVideoElement, code: number) {
  Object.defineProperty(video, 'error', { configurable: true, value: { code } })
  fireEvent.error(video)
}

describe('useRenewingSource', () => {
  test('signs again when the URL runs out and resumes at the same second', async () => {
    const renew = vi.fn(async () => 'https://media.test/v.webm?token=second')
    render(<Player renew={renew} />)
    const video = screen.getByTestId<HTMLVideoElement>('video')
    video.currentTime = 42
    await act(async () => failWith(video, SRC_NOT_SUPPORTED))
    expect(renew).toHaveBeenCalledTimes(1)
    expect(video.getAttribute('src')).toBe('https://media.test/v.webm?token=second')
    video.currentTime = 0
    fireEvent.loadedMetadata(video)
    expect(video.currentTime).toBe(42)
  })

  test('does not renew in a loop when the fresh URL fails too', async () => {
    const renew = vi.fn(async () => 'https://media.test/v.webm?token=second')
    render(<Player renew={renew} />)
    const video = screen.getByTestId<HTMLVideoElement>('video')
    await act(async () => failWith(video, NETWORK))
    await act(async () => failWith(video, NETWORK))
    expect(renew).toHaveBeenCalledTimes(1)
  })

  test('a decode error is not an expired URL', async () => {
    const renew = vi.fn(async () => 'https://media.test/v.webm?token=second')
    render(<Player renew={renew} />)
    const video = screen.getByTestId<HTMLVideoElement>('video')
    await act(async () => failWith(video, DECODE))
    expect(renew).not.toHaveBeenCalled()
    expect(video.getAttribute('src')).toBe('https://media.test/v.webm?token=first')
  })
})

// The upload hook around the TUS client: a cut that outlasts the client's retries waits and carries on when the
// browser is back online, a refusal fails with its sentence, and a stored file is handed over before "done".
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ResumableCallbacks } from './tus-client'
import { useResumableUpload } from './use-resumable-upload'

const client = { start: vi.fn(() => Promise.resolve()), pause: vi.fn(() => Promise.resolve()), cancel: vi.fn() }
let callbacks: ResumableCallbacks

vi.mock('./tus-client', () => ({
  createResumableUpload: (_file: File, _target: unknown, cb: ResumableCallbacks) => {
    callbacks = cb
    return client
  },
}))

const file = new File([new Uint8Array(100)], 'intro.webm', { type: 'video/webm' })
const target = { bucket: 'course-media', objectName: 'c/l/video.webm', contentType: 'video/webm' }

beforeEach(() => vi.clearAllMocks())

describe('useResumableUpload', () => {
  it('waits after a lasting cut and resumes by itself when the browser is back online', () => {
    const { result } = renderHook(() => useResumableUpload({ onStored: vi.fn() }))
    act(() => result.current.start(file, target))
    act(() => callbacks.onProgress(40, 100))
    act(() => callbacks.onError(undefined, ''))
    expect(result.current.state).toMatchObject({ phase: 'interrupted', sent: 40 })
    expect(client.start).toHaveBeenCalledTimes(1)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(result.current.state.phase).toBe('uploading')
    expect(client.start).toHaveBeenCalledTimes(2)
  })

  it('fails with the sentence for a refusal and does not retry it', () => {
    const { result } = renderHook(() => useResumableUpload({ onStored: vi.fn() }))
    act(() => result.current.start(file, target))
    act(() => callbacks.onError(413, 'Maximum size exceeded'))
    expect(result.current.state).toEqual({
      phase: 'failed',
      name: 'intro.webm',
      message: 'This file is larger than the course media limit (500 MB).',
    })
  })

  it('pauses and resumes the same client', () => {
    const { result } = renderHook(() => useResumableUpload({ onStored: vi.fn() }))
    act(() => result.current.start(file, target))
    act(() => result.current.pause())
    expect(client.pause).toHaveBeenCalled()
    expect(result.current.state.phase).toBe('paused')
    act(() => result.current.resume())
    expect(client.start).toHaveBeenCalledTimes(2)
    expect(result.current.state.phase).toBe('uploading')
  })

  it('hands the stored file over before saying done', async () => {
    const onStored = vi.fn(() => Promise.resolve())
    const { result } = renderHook(() => useResumableUpload({ onStored }))
    act(() => result.current.start(file, target))
    act(() => callbacks.onSuccess())
    expect(onStored).toHaveBeenCalledWith(target, file)
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'done', name: 'intro.webm', total: 100 }))
  })
})

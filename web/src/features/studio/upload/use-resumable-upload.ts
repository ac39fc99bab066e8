// Binds one resumable upload to a component: the pure machine holds the state, the TUS client does the sending.
// A dropped connection is retried by the client, then waits for the browser to come back online; leaving the page
// pauses rather than cancels, so the same file chosen again (after a reload too) continues where it stopped.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { errorMessage } from '@/lib/errors'
import { createResumableUpload, type ResumableTarget, type ResumableUpload } from './tus-client'
import { figuresOf, initialUploadState, isRetryableStatus, refusalMessage, uploadReducer } from './upload-machine'

export interface UseResumableUploadOptions {
  /** Called once every byte is stored; whatever it saves about the file (its path, its duration) goes here. */
  onStored: (target: ResumableTarget, file: File) => Promise<void> | void
}

export function useResumableUpload({ onStored }: UseResumableUploadOptions) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState)
  const client = useRef<ResumableUpload | null>(null)
  const onStoredRef = useRef(onStored)
  useEffect(() => {
    onStoredRef.current = onStored
  }, [onStored])

  const start = useCallback((file: File, target: ResumableTarget) => {
    void client.current?.pause()
    dispatch({ type: 'start', name: file.name, total: file.size })
    const upload = createResumableUpload(file, target, {
      onProgress: (sent) => dispatch({ type: 'progress', sent, at: performance.now() }),
      onRetry: (attempt) => dispatch({ type: 'retry', attempt }),
      onError: (status, body) => {
        if (isRetryableStatus(status)) dispatch({ type: 'interrupted' })
        else dispatch({ type: 'fail', message: refusalMessage(status, body) })
      },
      onSuccess: () => {
        client.current = null
        dispatch({ type: 'stored' })
        Promise.resolve(onStoredRef.current(target, file)).then(
          () => dispatch({ type: 'saved' }),
          (error: unknown) => dispatch({ type: 'fail', message: errorMessage(error) }),
        )
      },
    })
    client.current = upload
    upload.start().catch(() => dispatch({ type: 'interrupted' }))
  }, [])

  const pause = useCallback(() => {
    dispatch({ type: 'pause' })
    void client.current?.pause()
  }, [])

  const resume = useCallback(() => {
    if (!client.current) return
    dispatch({ type: 'resume' })
    client.current.start().catch(() => dispatch({ type: 'interrupted' }))
  }, [])

  const cancel = useCallback(() => {
    void client.current?.cancel()
    client.current = null
    dispatch({ type: 'reset' })
  }, [])

  const reset = useCallback(() => dispatch({ type: 'reset' }), [])

  // Back online: an interrupted upload carries on by itself.
  useEffect(() => {
    if (state.phase !== 'interrupted') return
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  }, [state.phase, resume])

  // Leaving pauses: the server keeps the bytes, and this browser remembers where they went.
  useEffect(() => () => void client.current?.pause(), [])

  return { state, figures: figuresOf(state), start, pause, resume, cancel, reset }
}

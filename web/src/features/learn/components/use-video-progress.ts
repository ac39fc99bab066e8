// The video player's bookkeeping: resume at the saved position, count distinct seconds played, and save through
// save_progress every 10 s while playing, on pause, on end and when the tab is hidden or left. Saves on hide use the
// ordinary RPC: the page is still alive when it is hidden, which is the last moment browsers reliably give us.
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { useSaveProgress } from '../api/progress.mutations'
import { ProgressSaver, type ProgressSnapshot } from '../lib/progress-saver'
import { WatchedSeconds, loadWatchedSeconds, storeWatchedSeconds } from '../lib/watched-seconds'

export interface VideoProgressOptions {
  lessonId: string
  userId: string | null
  /** Enrolled: saves are allowed. A visitor watching a preview is tracked locally only. */
  canSave: boolean
  initialPosition: number
  serverWatched: number
}

type VideoEvent = SyntheticEvent<HTMLVideoElement>

export function useVideoProgress({ lessonId, userId, canSave, initialPosition, serverWatched }: VideoProgressOptions) {
  const { mutateAsync } = useSaveProgress()
  const [saveError, setSaveError] = useState<unknown>(null)
  const watchedRef = useRef<WatchedSeconds | null>(null)
  const saverRef = useRef<ProgressSaver | null>(null)
  const resumedRef = useRef(false)
  const serverWatchedRef = useRef(serverWatched)
  /** The position the server is known to hold: the resume point, then each save sent, then each remote change. */
  const lastKnownPositionRef = useRef<number | null>(initialPosition)
  const saveRef = useRef<(snapshot: ProgressSnapshot) => Promise<unknown>>(() => Promise.resolve())

  useEffect(() => {
    serverWatchedRef.current = serverWatched
  }, [serverWatched])

  useEffect(() => {
    saveRef.current = async (snapshot) => {
      if (!canSave) return
      lastKnownPositionRef.current = snapshot.position_s
      try {
        await mutateAsync({ lesson_id: lessonId, ...snapshot })
        setSaveError(null)
      } catch (error) {
        setSaveError(error)
        throw error
      }
    }
  }, [canSave, lessonId, mutateAsync])

  const watched = useCallback(() => {
    watchedRef.current ??= userId ? loadWatchedSeconds(userId, lessonId) : new WatchedSeconds()
    return watchedRef.current
  }, [lessonId, userId])

  const saver = useCallback(() => {
    saverRef.current ??= new ProgressSaver((snapshot) => saveRef.current(snapshot))
    return saverRef.current
  }, [])

  const record = useCallback(
    (video: HTMLVideoElement) => {
      saver().update({ position_s: video.currentTime, watched_s: watched().merged(serverWatchedRef.current) })
    },
    [saver, watched],
  )

  const flush = useCallback(() => {
    if (userId) storeWatchedSeconds(userId, lessonId, watched())
    void saver().flush()
  }, [lessonId, saver, userId, watched])

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', flush)
    return () => {
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', flush)
      // Leaving the lesson (another lesson, another page) saves where the learner stopped.
      flush()
    }
  }, [flush])

  const handlers = {
    onLoadedMetadata: (event: VideoEvent) => {
      const video = event.currentTarget
      if (resumedRef.current) return
      resumedRef.current = true
      // Resume unless the saved point is the very end (then start over).
      if (initialPosition > 0 && (!Number.isFinite(video.duration) || initialPosition < video.duration - 1)) {
        video.currentTime = initialPosition
      }
    },
    onTimeUpdate: (event: VideoEvent) => {
      const video = event.currentTarget
      if (!video.paused && !video.seeking) watched().played(video.currentTime)
      record(video)
      if (!video.paused) void saver().tick()
    },
    onSeeking: () => watched().interrupt(),
    onSeeked: (event: VideoEvent) => {
      record(event.currentTarget)
      // A seek while paused is a deliberate new resume point; while playing the next save picks it up.
      if (event.currentTarget.paused && resumedRef.current) flush()
    },
    onPause: (event: VideoEvent) => {
      watched().interrupt()
      record(event.currentTarget)
      flush()
    },
    onEnded: (event: VideoEvent) => {
      watched().interrupt()
      record(event.currentTarget)
      flush()
    },
  }

  /** The live state, for a tick sent from the checkbox. */
  const snapshot = useCallback(
    (video: HTMLVideoElement | null): ProgressSnapshot | null =>
      video
        ? { position_s: Math.floor(video.currentTime), watched_s: watched().merged(serverWatchedRef.current) }
        : null,
    [watched],
  )

  return { handlers, snapshot, saveError, lastKnownPositionRef, watched }
}

// The handles a video lesson gives the rest of the player: the page reads its progress snapshot (for a tick) and
// hands it the positions other devices save (an offer to continue there); notes and in-video checks read the time,
// seek, pause, resume and listen to the time as it plays.
import { useImperativeHandle, useRef, type Ref, type RefObject } from 'react'
import type { LiveProgress } from '../use-progress-sync'
import { shouldOfferContinue } from '../lib/continue-offer'
import type { ProgressSnapshot } from '../lib/progress-saver'
import type { useVideoProgress } from './use-video-progress'

export interface VideoLessonHandle {
  snapshot(): ProgressSnapshot | null
  remoteProgress(row: LiveProgress): void
}

/**
 * What other parts of the player may ask of the video: where it is and to go somewhere (notes); to pause, resume and
 * hear the time as it plays (in-video knowledge checks).
 */
export interface VideoPlayerHandle {
  currentTime(): number
  seek(seconds: number): void
  pause(): void
  /** Plays on from where it is and gives the video focus back. */
  resume(): void
  /** Called with the current time on every time update while it plays; returns the way to stop. */
  onTime(listener: (seconds: number) => void): () => void
}

export interface VideoHandlesOptions {
  lessonId: string
  videoRef: RefObject<HTMLVideoElement | null>
  progress: ReturnType<typeof useVideoProgress>
  ref?: Ref<VideoLessonHandle>
  handleRef?: Ref<VideoPlayerHandle>
  /** Another device saved a position this one should offer to continue at. */
  offerContinue: (seconds: number) => void
}

/** Sets both handles; returns the function that tells the time listeners where the video is. */
export function useVideoHandles({ lessonId, videoRef, progress, ref, handleRef, offerContinue }: VideoHandlesOptions) {
  const timeListeners = useRef(new Set<(seconds: number) => void>())

  useImperativeHandle(
    ref,
    () => ({
      snapshot: () => progress.snapshot(videoRef.current),
      remoteProgress: (row) => {
        const video = videoRef.current
        if (row.lesson_id !== lessonId || !video) return
        const offer = shouldOfferContinue({
          remotePosition: row.position_s,
          localPosition: video.currentTime,
          lastKnownPosition: progress.lastKnownPositionRef.current,
        })
        progress.lastKnownPositionRef.current = row.position_s
        if (offer) offerContinue(row.position_s)
      },
    }),
    [lessonId, progress, videoRef, offerContinue],
  )

  useImperativeHandle(
    handleRef,
    () => ({
      currentTime: () => videoRef.current?.currentTime ?? 0,
      seek: (seconds) => {
        const video = videoRef.current
        if (!video) return
        const end = Number.isFinite(video.duration) ? video.duration : Infinity
        video.currentTime = Math.min(Math.max(0, seconds), end)
        video.focus()
      },
      pause: () => videoRef.current?.pause(),
      resume: () => {
        void videoRef.current?.play().catch(() => undefined)
        videoRef.current?.focus()
      },
      onTime: (listener) => {
        timeListeners.current.add(listener)
        return () => timeListeners.current.delete(listener)
      },
    }),
    [videoRef],
  )

  return (seconds: number) => timeListeners.current.forEach((listener) => listener(seconds))
}

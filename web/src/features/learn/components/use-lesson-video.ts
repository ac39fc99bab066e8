// A video lesson's player state: the <video> element's events wired to resume and progress saves (use-video-progress),
// to the renewing source and to the handles (use-video-handles); how far it got toward the completion rule and what
// comes next when it ends; the "Continue at" offer from another device. The element's own props come back as `bind`.
import { useRef, useState, type Ref, type SyntheticEvent } from 'react'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { takePlayOnArrival, upNext } from '../lib/up-next'
import { endedShortText, watchGoal } from '../lib/watch-goal'
import { useVideoHandles, type VideoLessonHandle, type VideoPlayerHandle } from './use-video-handles'
import { useVideoProgress, type VideoProgressOptions } from './use-video-progress'
import type { RenewingSource } from './use-renewing-source'

type VideoEvent = SyntheticEvent<HTMLVideoElement>

export interface LessonVideoOptions extends VideoProgressOptions {
  ref?: Ref<VideoLessonHandle>
  handleRef?: Ref<VideoPlayerHandle>
  completion?: Pick<OutlineLesson, 'completion_rule' | 'completion_threshold' | 'duration_s'> & { completed: boolean }
  upNext?: { slug: string; next: OutlineLesson | null }
  source: RenewingSource
  /** The playback speed (remembered on this device) and its setter. */
  rate: number
  setRate: (rate: number) => void
}

export function useLessonVideo(options: LessonVideoOptions) {
  const { lessonId, source, rate, setRate } = options
  const videoRef = useRef<HTMLVideoElement>(null)
  const [continueAt, setContinueAt] = useState<number | null>(null)
  const [watchedCount, setWatchedCount] = useState(0)
  const [ended, setEnded] = useState(false)
  const [mediaDuration, setMediaDuration] = useState(0)
  const progress = useVideoProgress(options)
  const notifyTime = useVideoHandles({ ...options, videoRef, progress, offerContinue: setContinueAt })

  const bind = {
    ref: (video: HTMLVideoElement | null) => {
      videoRef.current = video
      if (video) video.playbackRate = rate
    },
    onRateChange: (event: VideoEvent) => setRate(event.currentTarget.playbackRate),
    ...progress.handlers,
    onTimeUpdate: (event: VideoEvent) => {
      progress.handlers.onTimeUpdate(event)
      setWatchedCount(progress.watched().count)
      notifyTime(event.currentTarget.currentTime)
    },
    onPlay: () => setEnded(false),
    onEnded: (event: VideoEvent) => {
      progress.handlers.onEnded(event)
      setWatchedCount(progress.watched().count)
      setEnded(true)
    },
    onLoadedMetadata: (event: VideoEvent) => {
      progress.handlers.onLoadedMetadata(event)
      source.onLoadedMetadata(event)
      const duration = event.currentTarget.duration
      if (Number.isFinite(duration)) setMediaDuration(Math.floor(duration))
      // Opened by the up-next card: go on playing (a browser that refuses autoplay leaves it paused).
      if (takePlayOnArrival(lessonId)) void event.currentTarget.play().catch(() => undefined)
    },
    onError: source.onError,
  }

  const completion = options.completion
  const durationS = completion?.duration_s || mediaDuration
  const goal = completion
    ? watchGoal({
        watchedS: Math.max(options.serverWatched, watchedCount),
        durationS,
        threshold: completion.completion_threshold,
        rule: completion.completion_rule,
      })
    : null
  const endedShort = ended && completion && !completion.completed && goal ? endedShortText(goal) : null
  const firstSkipped = endedShort ? (progress.watched().firstUnwatched(durationS) ?? 0) : null
  const next = options.upNext
    ? upNext(options.upNext.next, { id: lessonId, completed: Boolean(completion?.completed || goal?.met) })
    : null

  return {
    videoRef,
    bind,
    saveError: progress.saveError,
    goal,
    ended,
    endedShort,
    firstSkipped,
    next,
    continueAt,
    /** Plays from a second (the first part skipped), hiding the end-of-video notices. */
    playFrom(seconds: number) {
      const video = videoRef.current
      if (!video) return
      video.currentTime = seconds
      setEnded(false)
      void video.play().catch(() => undefined)
      video.focus()
    },
    /** Takes the offer: goes to where the other device got to. */
    continueThere() {
      const video = videoRef.current
      if (video && continueAt !== null) video.currentTime = continueAt
      setContinueAt(null)
      video?.focus()
    },
    /** The speed control's choice, applied to the video at once. */
    changeRate(next: number) {
      setRate(next)
      if (videoRef.current) videoRef.current.playbackRate = next
    },
  }
}

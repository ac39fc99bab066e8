// A video lesson: the HTML5 player with captions, a speed control (remembered on this device), resume at the saved
// position and progress saves (see use-video-progress), plus "Continue at mm:ss" when another device moved on.
// Under it, how much has been watched toward the completion rule; at its end, why it is not complete yet (skipped
// parts) and the up-next card. Theatre mode and keyboard shortcuts (listed behind `?`) are here too.
// Its URL is short-lived and renewed when it runs out mid-lesson (see use-renewing-source).
import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Keyboard, Play, RectangleHorizontal } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { errorMessage } from '@/lib/errors'
import type { LiveProgress } from '../use-progress-sync'
import type { ProgressSnapshot } from '../lib/progress-saver'
import { learnQueries } from '../api/learn.queries'
import { shouldOfferContinue } from '../lib/continue-offer'
import { continueLabel } from '../lib/player-text'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { takePlayOnArrival, upNext } from '../lib/up-next'
import { endedShortText, jumpLabel, watchGoal } from '../lib/watch-goal'
import { PlaybackSpeed, usePlaybackRate } from './playback-speed'
import { ShortcutsDialog } from './shortcuts-dialog'
import { UpNextCard } from './up-next-card'
import { usePlayerShortcuts } from './use-player-shortcuts'
import { useRenewingSource } from './use-renewing-source'
import { useVideoProgress } from './use-video-progress'
import { WatchGoalBar } from './watch-goal-bar'

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

export interface VideoLessonProps {
  lessonId: string
  title: string
  videoPath: string | null
  captionsPath: string | null
  language: string
  userId: string | null
  canSave: boolean
  initialPosition: number
  serverWatched: number
  ref?: Ref<VideoLessonHandle>
  /** For notes: read the current time to timestamp a note, seek when a timestamp is clicked. */
  handleRef?: Ref<VideoPlayerHandle>
  /** The lesson's completion rule and state, for the watched-toward-the-rule bar; without it no bar is shown. */
  completion?: Pick<OutlineLesson, 'completion_rule' | 'completion_threshold' | 'duration_s'> & { completed: boolean }
  /** The next lesson, offered when the video ends (null on the last lesson); without it no card is shown. */
  upNext?: { slug: string; next: OutlineLesson | null }
  /** Theatre mode: the page gives the video its full width. */
  theatre?: boolean
  onTheatreChange?: (on: boolean) => void
  /** "Mark complete", placed right under the video so it is in view without scrolling. */
  complete?: ReactNode
}

export function VideoLesson(props: VideoLessonProps) {
  const { lessonId, title, videoPath, captionsPath, language, ref } = props
  const media = useQuery(learnQueries.media(videoPath, captionsPath))
  const source = useRenewingSource(
    media.data?.videoUrl ?? null,
    async () => (await media.refetch()).data?.videoUrl ?? null,
  )
  const videoRef = useRef<HTMLVideoElement>(null)
  const timeListeners = useRef(new Set<(seconds: number) => void>())
  const [rate, setRate] = usePlaybackRate()
  const [continueAt, setContinueAt] = useState<number | null>(null)
  const [watchedCount, setWatchedCount] = useState(0)
  const [ended, setEnded] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [mediaDuration, setMediaDuration] = useState(0)
  const progress = useVideoProgress({
    lessonId,
    userId: props.userId,
    canSave: props.canSave,
    initialPosition: props.initialPosition,
    serverWatched: props.serverWatched,
  })

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
        if (offer) setContinueAt(row.position_s)
      },
    }),
    [lessonId, progress],
  )

  useImperativeHandle(
    props.handleRef,
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
    [],
  )

  usePlayerShortcuts({ videoRef, rate, setRate, openHelp: () => setHelpOpen(true), announce: setAnnouncement })

  const completion = props.completion
  const durationS = completion?.duration_s || mediaDuration
  const goal = completion
    ? watchGoal({
        watchedS: Math.max(props.serverWatched, watchedCount),
        durationS,
        threshold: completion.completion_threshold,
        rule: completion.completion_rule,
      })
    : null
  const endedShort = ended && completion && !completion.completed && goal ? endedShortText(goal) : null
  const firstSkipped = endedShort ? (progress.watched().firstUnwatched(durationS) ?? 0) : null
  const next = props.upNext
    ? upNext(props.upNext.next, { id: lessonId, completed: Boolean(completion?.completed || goal?.met) })
    : null

  function playFrom(seconds: number) {
    const video = videoRef.current
    if (!video) return
    video.currentTime = seconds
    setEnded(false)
    void video.play().catch(() => undefined)
    video.focus()
  }

  function continueThere() {
    const video = videoRef.current
    if (video && continueAt !== null) video.currentTime = continueAt
    setContinueAt(null)
    video?.focus()
  }

  if (!videoPath || media.isPending || media.isError || !source.src) {
    return (
      <div className="flex flex-col gap-3">
        {!videoPath ? (
          <Alert tone="info">This lesson has no video yet.</Alert>
        ) : media.isPending ? (
          <Skeleton className="aspect-video w-full" aria-label="Loading the video" role="status" />
        ) : (
          <Alert tone="error" title="The video could not be loaded">
            <p>{errorMessage(media.error)}</p>
            <Button variant="outline" className="mt-2" onClick={() => void media.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {props.complete}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> below is rendered whenever the lesson has a captions file; the rule cannot see a conditional child */}
      <video
        ref={(video) => {
          videoRef.current = video
          if (video) video.playbackRate = rate
        }}
        src={source.src}
        controls
        playsInline
        preload="metadata"
        // Captions come from the storage origin; the track only loads in CORS mode.
        crossOrigin="anonymous"
        aria-label={`Video: ${title}`}
        className={cn('aspect-video w-full rounded-lg bg-black', props.theatre ? 'max-h-[75dvh]' : 'max-h-[60dvh]')}
        onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
        {...progress.handlers}
        onTimeUpdate={(event) => {
          progress.handlers.onTimeUpdate(event)
          setWatchedCount(progress.watched().count)
          const seconds = event.currentTarget.currentTime
          timeListeners.current.forEach((listener) => listener(seconds))
        }}
        onPlay={() => setEnded(false)}
        onEnded={(event) => {
          progress.handlers.onEnded(event)
          setWatchedCount(progress.watched().count)
          setEnded(true)
        }}
        onLoadedMetadata={(event) => {
          progress.handlers.onLoadedMetadata(event)
          source.onLoadedMetadata(event)
          const duration = event.currentTarget.duration
          if (Number.isFinite(duration)) setMediaDuration(Math.floor(duration))
          // Opened by the up-next card: go on playing (a browser that refuses autoplay leaves it paused).
          if (takePlayOnArrival(lessonId)) void event.currentTarget.play().catch(() => undefined)
        }}
        onError={source.onError}
      >
        {media.data.captionsUrl ? (
          <track kind="captions" src={media.data.captionsUrl} srcLang={language} label="Captions" default />
        ) : null}
      </video>
      {goal && completion ? <WatchGoalBar goal={goal} completed={completion.completed} /> : null}
      {props.complete}
      {endedShort ? (
        <Alert tone="info" title="Not complete yet">
          <p>{endedShort}</p>
          {firstSkipped !== null ? (
            <Button variant="outline" className="mt-2" onClick={() => playFrom(firstSkipped)}>
              {jumpLabel(firstSkipped)}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {ended && next && next.kind !== 'none' && props.upNext ? (
        <UpNextCard slug={props.upNext.slug} next={next} userId={props.userId} allowAutoplay={!endedShort} />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <PlaybackSpeed
          value={rate}
          onChange={(next) => {
            setRate(next)
            if (videoRef.current) videoRef.current.playbackRate = next
          }}
        />
        {continueAt !== null ? (
          <Button variant="outline" onClick={continueThere}>
            <Play aria-hidden="true" className="size-4" />
            {continueLabel(continueAt)}
          </Button>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {props.onTheatreChange ? (
            <Button
              variant="outline"
              aria-pressed={Boolean(props.theatre)}
              onClick={() => props.onTheatreChange?.(!props.theatre)}
              className="hidden lg:inline-flex"
            >
              <RectangleHorizontal aria-hidden="true" className="size-4" />
              Theatre mode
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setHelpOpen(true)} aria-keyshortcuts="Shift+?">
            <Keyboard aria-hidden="true" className="size-4" />
            Shortcuts
          </Button>
        </div>
      </div>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <div aria-live="polite" className="text-sm">
        <span className="sr-only">{announcement}</span>
        {continueAt !== null ? (
          <span className="sr-only">
            You watched further on another device. {continueLabel(continueAt)} is available.
          </span>
        ) : null}
        {progress.saveError ? (
          <p className="text-red-700">Your progress was not saved: {errorMessage(progress.saveError)}</p>
        ) : null}
      </div>
    </div>
  )
}

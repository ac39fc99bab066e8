// A video lesson: the HTML5 player with captions, a speed control (remembered on this device), resume at the saved
// position and progress saves (see use-video-progress), plus "Continue at mm:ss" when another device moved on.
// Its URL is short-lived and renewed when it runs out mid-lesson (see use-renewing-source).
import { useImperativeHandle, useRef, useState, type Ref } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Play } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { ProgressRow } from '../use-progress-sync'
import type { ProgressSnapshot } from '../lib/progress-saver'
import { learnQueries } from '../api/learn.queries'
import { shouldOfferContinue } from '../lib/continue-offer'
import { continueLabel } from '../lib/player-text'
import { PlaybackSpeed, usePlaybackRate } from './playback-speed'
import { useRenewingSource } from './use-renewing-source'
import { useVideoProgress } from './use-video-progress'

export interface VideoLessonHandle {
  snapshot(): ProgressSnapshot | null
  remoteProgress(row: ProgressRow): void
}

/** What other parts of the player (notes) may ask of the video: where it is, and to go somewhere. */
export interface VideoPlayerHandle {
  currentTime(): number
  seek(seconds: number): void
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
}

export function VideoLesson(props: VideoLessonProps) {
  const { lessonId, title, videoPath, captionsPath, language, ref } = props
  const media = useQuery(learnQueries.media(videoPath, captionsPath))
  const source = useRenewingSource(
    media.data?.videoUrl ?? null,
    async () => (await media.refetch()).data?.videoUrl ?? null,
  )
  const videoRef = useRef<HTMLVideoElement>(null)
  const [rate, setRate] = usePlaybackRate()
  const [continueAt, setContinueAt] = useState<number | null>(null)
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
    }),
    [],
  )

  function continueThere() {
    const video = videoRef.current
    if (video && continueAt !== null) video.currentTime = continueAt
    setContinueAt(null)
    video?.focus()
  }

  if (!videoPath) {
    return <Alert tone="info">This lesson has no video yet.</Alert>
  }
  if (media.isPending) {
    return <Skeleton className="aspect-video w-full" aria-label="Loading the video" role="status" />
  }
  if (media.isError || !source.src) {
    return (
      <Alert tone="error" title="The video could not be loaded">
        <p>{errorMessage(media.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void media.refetch()}>
          Try again
        </Button>
      </Alert>
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
        className="aspect-video w-full rounded-lg bg-black"
        onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
        {...progress.handlers}
        onLoadedMetadata={(event) => {
          progress.handlers.onLoadedMetadata(event)
          source.onLoadedMetadata(event)
        }}
        onError={source.onError}
      >
        {media.data.captionsUrl ? (
          <track kind="captions" src={media.data.captionsUrl} srcLang={language} label="Captions" default />
        ) : null}
      </video>
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
      </div>
      <div aria-live="polite" className="text-sm">
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

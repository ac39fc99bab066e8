// A video lesson: the HTML5 player with captions, a speed control (remembered on this device), resume at the saved
// position and progress saves (see use-lesson-video), plus "Continue at mm:ss" when another device moved on.
// Under it, how much has been watched toward the completion rule; at its end, why it is not complete yet (skipped
// parts) and the up-next card. Theatre mode and keyboard shortcuts (listed behind `?`) are here too.
// Its URL is short-lived and renewed when it runs out mid-lesson (see use-renewing-source).
import { useState, type ReactNode, type Ref } from 'react'
import { useQuery } from '@tanstack/react-query'
import { lazyOverlay } from '@/components/lazy-overlay'
import { lazyRetrying } from '@/components/lazy-retrying'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import { cn } from '@/lib/cn'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { learnQueries } from '../api/learn.queries'
import { usePlaybackRate } from './playback-speed'
import { useLessonVideo } from './use-lesson-video'
import { usePlayerShortcuts } from './use-player-shortcuts'
import { useRenewingSource } from './use-renewing-source'
import type { VideoLessonHandle, VideoPlayerHandle } from './use-video-handles'
import { VideoAnnouncements } from './video-announcements'
import { VideoControls } from './video-controls'
import { VideoUnavailable } from './video-unavailable'
import { WatchGoalBar } from './watch-goal-bar'

export type { VideoLessonHandle, VideoPlayerHandle } from './use-video-handles'

// The shortcuts' list (a Radix dialog) loads on its first opening or once the page has loaded.
const ShortcutsDialog = lazyOverlay(() => import('./shortcuts-dialog').then((m) => m.ShortcutsDialog))
// What shows once the video has ended (why it is not complete yet, the up-next card) loads once the page has loaded,
// or at the end if that comes first.
const VideoEndNotices = lazyRetrying(
  loadSoonAfterPageLoad(() => import('./video-end-notices').then((m) => m.VideoEndNotices)),
)

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
  const { title, videoPath, captionsPath, language, completion } = props
  const media = useQuery(learnQueries.media(videoPath, captionsPath))
  const source = useRenewingSource(
    media.data?.videoUrl ?? null,
    async () => (await media.refetch()).data?.videoUrl ?? null,
  )
  const [rate, setRate] = usePlaybackRate()
  const [helpOpen, setHelpOpen] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const player = useLessonVideo({ ...props, source, rate, setRate })
  const { videoRef, goal, continueAt } = player
  usePlayerShortcuts({ videoRef, rate, setRate, openHelp: () => setHelpOpen(true), announce: setAnnouncement })

  if (!videoPath || media.isPending || media.isError || !source.src) {
    return (
      <VideoUnavailable
        state={!videoPath ? 'none' : media.isPending ? 'loading' : 'error'}
        error={media.error}
        onRetry={() => void media.refetch()}
        complete={props.complete}
      />
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> below is rendered whenever the lesson has a captions file; the rule cannot see a conditional child */}
      <video
        src={source.src}
        controls
        playsInline
        preload="metadata"
        // Captions come from the storage origin; the track only loads in CORS mode.
        crossOrigin="anonymous"
        aria-label={`Video: ${title}`}
        className={cn('aspect-video w-full rounded-lg bg-black', props.theatre ? 'max-h-[75dvh]' : 'max-h-[60dvh]')}
        {...player.bind}
      >
        {media.data.captionsUrl ? (
          <track kind="captions" src={media.data.captionsUrl} srcLang={language} label="Captions" default />
        ) : null}
      </video>
      {goal && completion ? <WatchGoalBar goal={goal} completed={completion.completed} /> : null}
      {props.complete}
      {player.ended ? (
        <VideoEndNotices
          ended={player.ended}
          endedShort={player.endedShort}
          firstSkipped={player.firstSkipped}
          playFrom={player.playFrom}
          next={player.next}
          upNextSlug={props.upNext?.slug ?? null}
          userId={props.userId}
        />
      ) : null}
      <VideoControls
        rate={rate}
        onRateChange={player.changeRate}
        continueAt={continueAt}
        onContinue={player.continueThere}
        theatre={props.theatre}
        onTheatreChange={props.onTheatreChange}
        onShowShortcuts={() => setHelpOpen(true)}
      />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <VideoAnnouncements announcement={announcement} continueAt={continueAt} saveError={player.saveError} />
    </div>
  )
}

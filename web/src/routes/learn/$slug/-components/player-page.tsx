// The player screen: lesson (video with notes, text, or a quiz), completion checkbox, prev/next and "Finish course", the
// Trophy progress popover and the curriculum (sidebar on wide screens, `Menu` drawer on small ones). Live progress
// from other devices arrives through useProgressSync. The school's staff get the staff bar instead of progress (no
// tick, no Trophy); a learner preview shows the learner's screen with its banner and records nothing.
import { useRef, useState } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { PreviewBanner, StaffBar } from '@/features/courses/components/lazy-viewer-bars'
import { courseOutlineQuery } from '@/lib/courses/course-outline-call'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { PreviewModeContext } from '@/lib/courses/preview-mode'
import { viewerMode } from '@/lib/courses/viewer-mode'
import { useSession } from '@/lib/use-session'
import { learnQueries } from '@/features/learn/api/learn.queries'
import { AccessWatch } from '@/features/learn/components/access-watch'
import { useFinishMoment } from '@/features/learn/components/finish-course'
import type { VideoLessonHandle, VideoPlayerHandle } from '@/features/learn/components/video-lesson'
import { canTrackProgress } from '@/features/learn/lib/player-text'
import { useProgressSync } from '@/features/learn/use-progress-sync'
import { CompletionControl } from './completion-control'
import { CurriculumAside } from './curriculum-aside'
import { LessonBody } from './lesson-body'
import { LessonDiscussion } from './lesson-discussion'
import { LessonNavigation } from './lesson-navigation'
import { PlayerHeader } from './player-header'
import { LessonNotFound, PlayerLoading } from './player-states'
import { useMarkOpened } from './tracking'

const emptyContent = { body_md: '', video_path: null, captions_path: null, attachments: [] }

export function PlayerPage({ slug, lessonId, preview }: { slug: string; lessonId: string; preview: boolean }) {
  const { data: outline } = useSuspenseQuery(courseOutlineQuery(slug, preview))
  const userId = useSession().user?.id ?? null
  const videoRef = useRef<VideoLessonHandle>(null)
  const playerRef = useRef<VideoPlayerHandle>(null)
  const [theatre, setTheatre] = useState(false)
  const finishMoment = useFinishMoment(outline)
  const mode = viewerMode(outline)
  // Only a learner's own progress flows in: staff keep none here, and a preview must stay a fresh enrollment.
  const sync = useProgressSync(slug, (row) => videoRef.current?.remoteProgress(row), mode === 'learner')

  const lessons = lessonsInOrder(outline)
  const index = lessons.findIndex((l) => l.id === lessonId)
  const lesson = lessons[index] ?? null
  const canSave = canTrackProgress(outline) && Boolean(lesson?.available)
  useMarkOpened({ lesson, canSave })
  const row = useLessonContent(lessonId, Boolean(lesson?.available), preview)

  if (!lesson) return <LessonNotFound />
  if (lesson.available && row === undefined) return <PlayerLoading />

  const prev = lessons[index - 1] ?? null
  const next = lessons[index + 1] ?? null
  // An open lesson whose text was never written has no content row: it reads as empty, not as locked.
  const content = lesson.available ? (row ?? emptyContent) : null
  // The video's live state, sent with a tick or "Finish course" from a video lesson.
  const live = lesson.kind === 'video' ? () => videoRef.current?.snapshot() ?? null : undefined
  const curriculum = { slug, sections: outline.sections, currentLessonId: lessonId }
  const lessonProps = { slug, outline, lesson, mode, canSave }
  const completeControl = content ? <CompletionControl {...lessonProps} live={live} sync={sync} /> : null

  return (
    <PreviewModeContext.Provider value={mode === 'preview'}>
      <div className="flex flex-col gap-6">
        <AccessWatch courseId={outline.course.id} slug={slug} enabled={mode === 'learner'} />
        {mode === 'preview' ? <PreviewBanner courseId={outline.course.id} /> : null}
        {mode === 'staff' ? <StaffBar course={outline.course} lessonId={lesson.id} /> : null}
        <div
          className={`flex flex-col gap-6 lg:grid lg:items-start lg:gap-8 ${theatre ? 'lg:grid-cols-1' : 'lg:grid-cols-[minmax(0,1fr)_18rem]'}`}
        >
          <article className="flex min-w-0 flex-col gap-5" aria-labelledby="lesson-title" data-progress-sync={sync}>
            <PlayerHeader outline={outline} mode={mode} lessonTitle={lesson.title} curriculum={curriculum} />
            <LessonBody
              {...lessonProps}
              content={content}
              next={next}
              userId={userId}
              videoRef={videoRef}
              playerRef={playerRef}
              theatre={theatre}
              onTheatreChange={setTheatre}
              complete={completeControl}
            />
            {/* A quiz completes by being passed, never by a tick. */}
            {lesson.kind === 'text' ? completeControl : null}
            <LessonNavigation {...lessonProps} prev={prev} next={next} live={live} finishMoment={finishMoment} />
            {content ? (
              <LessonDiscussion
                slug={slug}
                lessonId={lesson.id}
                userId={userId}
                mode={mode}
                video={lesson.kind === 'video' ? playerRef : null}
              />
            ) : null}
          </article>
          <CurriculumAside {...curriculum} />
        </div>
      </div>
    </PreviewModeContext.Provider>
  )
}

/**
 * An open lesson's content row (null: none), undefined while it is asked. The loader has it for a lesson open when the
 * page came; one that opens while on screen (its outline refreshed) asks now. A first ask that fails goes to the
 * route's error view, with its "Try again".
 */
function useLessonContent(lessonId: string, open: boolean, preview: boolean) {
  const { data } = useQuery({
    ...learnQueries.content(lessonId, preview),
    enabled: open,
    throwOnError: (_error, query) => query.state.data === undefined,
  })
  return data
}

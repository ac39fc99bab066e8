// The player screen: lesson (video with notes, text, or a quiz), completion checkbox, prev/next and "Finish course", the
// Trophy progress popover and the curriculum (sidebar on wide screens, `Menu` drawer on small ones). Live progress
// from other devices arrives through useProgressSync. The school's staff get the staff bar instead of progress (no
// tick, no Trophy); a learner preview shows the learner's screen with its banner and records nothing.
import { useRef, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { PreviewBanner } from '@/features/courses/components/preview-banner'
import { StaffBar } from '@/features/courses/components/staff-bar'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { PreviewModeContext, previewSearch } from '@/lib/courses/preview-mode'
import { viewerMode } from '@/lib/courses/viewer-mode'
import { useSession } from '@/lib/use-session'
import { learnQueries } from '@/features/learn/api/learn.queries'
import { AccessWatch } from '@/features/learn/components/access-watch'
import { CompleteToggle } from '@/features/learn/components/complete-toggle'
import { Curriculum } from '@/features/learn/components/curriculum'
import { FinishCourse, FinishMoment, useFinishMoment } from '@/features/learn/components/finish-course'
import { CourseFinish } from '@/features/certificates/components/course-finish'
import { LessonNav } from '@/features/learn/components/lesson-nav'
import { LockedLesson } from '@/features/learn/components/locked-lesson'
import { ProgressPopover } from '@/features/learn/components/progress-popover'
import { TextLesson } from '@/features/learn/components/text-lesson'
import { VideoLesson, type VideoLessonHandle, type VideoPlayerHandle } from '@/features/learn/components/video-lesson'
import { canTrackProgress } from '@/features/learn/lib/player-text'
import { useProgressSync } from '@/features/learn/use-progress-sync'
import { QuizLesson } from '@/features/quiz/components/quiz-lesson'
import { VideoChecks } from '@/features/quiz/components/video-checks'
import { CurriculumDrawer } from './curriculum-drawer'
import { LessonDiscussion } from './lesson-discussion'
import { LessonNotFound } from './player-states'
import { TrackingNote, useMarkOpened } from './tracking'

const emptyContent = { body_md: '', video_path: null, captions_path: null, attachments: [] }

export function PlayerPage({ slug, lessonId, preview }: { slug: string; lessonId: string; preview: boolean }) {
  const { data: outline } = useSuspenseQuery(learnQueries.lesson(slug, lessonId, preview))
  const userId = useSession().user?.id ?? null
  const videoRef = useRef<VideoLessonHandle>(null)
  const playerRef = useRef<VideoPlayerHandle>(null)
  const [theatre, setTheatre] = useState(false)
  const finishMoment = useFinishMoment(outline)
  const mode = viewerMode(outline)
  // Only a learner's own progress flows in: staff keep none here, and a preview must stay a fresh enrollment.
  const sync = useProgressSync(slug, (row) => videoRef.current?.remoteProgress(row), mode === 'learner')

  const lessons = lessonsInOrder(outline)
  const lesson = lessons.find((l) => l.id === lessonId) ?? null
  const detail = outline.lesson
  const canSave = canTrackProgress(outline) && Boolean(lesson?.available)
  useMarkOpened({ lesson, canSave })

  if (!lesson || !detail) return <LessonNotFound />

  const byId = (id: string | null) => lessons.find((l) => l.id === id) ?? null
  // An open lesson whose text was never written has no content row yet: it reads as empty, not as locked.
  const content = lesson.available ? (detail.content ?? emptyContent) : null
  const live = () => videoRef.current?.snapshot() ?? null
  const curriculum = { slug, sections: outline.sections, currentLessonId: lessonId }
  const completeControl = !content ? null : canSave ? (
    <CompleteToggle slug={slug} lesson={lesson} live={lesson.kind === 'video' ? live : undefined} liveSync={sync} />
  ) : mode === 'preview' ? (
    <CompleteToggle slug={slug} lesson={lesson} previewing />
  ) : (
    <TrackingNote slug={slug} outline={outline} />
  )

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
            <div className="flex items-center gap-2">
              <CurriculumDrawer {...curriculum} />
              <Link
                to="/courses/$slug"
                params={{ slug }}
                search={previewSearch(mode === 'preview')}
                className="min-w-0 flex-1 truncate text-sm font-medium text-teal-800 hover:underline"
              >
                {outline.course.title}
              </Link>
              {mode !== 'staff' ? (
                <ProgressPopover progress={outline.progress} certificateEnabled={outline.course.certificate_enabled} />
              ) : null}
            </div>
            {/* The instructor's words are in the course's language (WCAG 3.1.2); the player around them in English. */}
            <h1
              id="lesson-title"
              lang={outline.course.language}
              className="text-2xl font-bold text-slate-900 sm:text-3xl"
            >
              {lesson.title}
            </h1>

            {!content ? (
              <LockedLesson slug={slug} lock={lesson.lock} />
            ) : lesson.kind === 'video' ? (
              <>
                <VideoLesson
                  key={lesson.id}
                  ref={videoRef}
                  handleRef={playerRef}
                  lessonId={lesson.id}
                  title={lesson.title}
                  videoPath={content.video_path}
                  captionsPath={content.captions_path}
                  language={outline.course.language}
                  // Seconds watched are kept on this device for learners and visitors; staff and previews keep none.
                  userId={mode === 'staff' || mode === 'preview' ? null : userId}
                  canSave={canSave}
                  initialPosition={lesson.progress?.position_s ?? 0}
                  serverWatched={lesson.progress?.watched_s ?? 0}
                  completion={{ ...lesson, completed: lesson.progress?.status === 'completed' }}
                  upNext={{ slug, next: byId(detail.next_lesson_id) }}
                  theatre={theatre}
                  onTheatreChange={setTheatre}
                  // Right under the video, so it is in view without scrolling.
                  complete={completeControl}
                />
                {/* In-video knowledge checks, for learners: they pause the video at their moments and never block. */}
                {mode === 'learner' ? (
                  <VideoChecks key={`checks-${lesson.id}`} lessonId={lesson.id} player={playerRef} />
                ) : null}
                {content.body_md.trim() ? (
                  <Collapsible defaultOpen className="rounded-lg border border-slate-200 bg-white">
                    <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold text-slate-900">
                      <ChevronRight
                        aria-hidden="true"
                        className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none"
                      />
                      Lesson notes
                    </CollapsibleTrigger>
                    <CollapsibleContent className="px-4 pb-4">
                      <div lang={outline.course.language}>
                        <LazyMarkdown source={content.body_md} headingOffset={2} />
                      </div>
                    </CollapsibleContent>
                  </Collapsible>
                ) : null}
              </>
            ) : lesson.kind === 'quiz' ? (
              <QuizLesson
                key={`quiz-${lesson.id}`}
                lessonId={lesson.id}
                slug={slug}
                canTake={canSave}
                next={byId(detail.next_lesson_id)}
              />
            ) : (
              <div key={lesson.id} lang={outline.course.language}>
                <TextLesson
                  lessonId={lesson.id}
                  body={content.body_md}
                  canSave={canSave}
                  serverSeconds={lesson.progress?.watched_s ?? 0}
                />
              </div>
            )}

            {/* A quiz completes by being passed, never by a tick. */}
            {lesson.kind === 'text' ? completeControl : null}

            <LessonNav
              slug={slug}
              prev={byId(detail.prev_lesson_id)}
              next={byId(detail.next_lesson_id)}
              finish={
                canSave && lesson.kind !== 'quiz' ? (
                  <FinishCourse
                    outline={outline}
                    lessonId={lesson.id}
                    live={lesson.kind === 'video' ? live : undefined}
                    onFinished={() => finishMoment.setOpen(true)}
                  />
                ) : null
              }
            />
            {canSave ? (
              <FinishMoment
                outline={outline}
                open={finishMoment.open}
                onOpenChange={finishMoment.setOpen}
                finished={
                  <CourseFinish
                    courseId={outline.course.id}
                    schoolId={outline.course.school.id}
                    schoolName={outline.course.school.name}
                    certificateEnabled={outline.course.certificate_enabled}
                  />
                }
              />
            ) : null}
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

          <aside aria-label="Course curriculum" className="hidden lg:block">
            <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2">
              <h2 className="px-2 py-2 text-base font-semibold text-slate-900">Curriculum</h2>
              <Curriculum {...curriculum} />
            </div>
          </aside>
        </div>
      </div>
    </PreviewModeContext.Provider>
  )
}

// The lesson itself, by kind: its lock when it is not open yet, the video (with its checks and written notes), the
// quiz, or the text. The instructor's words carry the course's language (WCAG 3.1.2).
import type { ReactNode, RefObject } from 'react'
import { ChevronRight } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { lazyRetrying } from '@/components/lazy-retrying'
import { LockedLesson } from '@/features/learn/components/locked-lesson'
import { VideoLesson, type VideoLessonHandle, type VideoPlayerHandle } from '@/features/learn/components/video-lesson'
import { LoadingBlocks } from '@/components/loading-blocks'
import type { CourseOutline, LessonContent, OutlineLesson } from '@/lib/courses/course-outline.schema'
import type { ViewerMode } from '@/lib/courses/viewer-mode'
import { loadQuizLesson, loadTextLesson, loadVideoChecks } from './lesson-parts'

// What only some lessons show loads with them (./lesson-parts): a text lesson, a quiz, and a video's knowledge checks
// (learners only, shown at their moments). After a failed load, the player's "Try again" loads them again.
const TextLesson = lazyRetrying(
  () => loadTextLesson().then((m) => m.TextLesson),
  <LoadingBlocks label="Loading the lesson" blocks={['h-4 w-full', 'h-4 w-11/12', 'h-4 w-2/3']} />,
)
const QuizLesson = lazyRetrying(
  () => loadQuizLesson().then((m) => m.QuizLesson),
  <LoadingBlocks label="Loading the quiz" blocks={['h-8 w-2/3', 'h-24 w-full']} />,
)
const VideoChecks = lazyRetrying(() => loadVideoChecks().then((m) => m.VideoChecks))

export interface LessonBodyProps {
  slug: string
  outline: CourseOutline
  lesson: OutlineLesson
  /** Null while the lesson is locked. */
  content: LessonContent | null
  next: OutlineLesson | null
  mode: ViewerMode
  userId: string | null
  canSave: boolean
  videoRef: RefObject<VideoLessonHandle | null>
  playerRef: RefObject<VideoPlayerHandle | null>
  theatre: boolean
  onTheatreChange: (on: boolean) => void
  /** The completion control, placed under the video for video lessons. */
  complete: ReactNode
}

export function LessonBody(props: LessonBodyProps) {
  const { slug, outline, lesson, content, canSave } = props
  if (!content) return <LockedLesson slug={slug} lock={lesson.lock} />
  if (lesson.kind === 'video') return <VideoLessonBody {...props} content={content} />
  if (lesson.kind === 'quiz') {
    return <QuizLesson key={`quiz-${lesson.id}`} lessonId={lesson.id} slug={slug} canTake={canSave} next={props.next} />
  }
  return (
    <div key={lesson.id} lang={outline.course.language}>
      <TextLesson
        lessonId={lesson.id}
        body={content.body_md}
        canSave={canSave}
        serverSeconds={lesson.progress?.watched_s ?? 0}
      />
    </div>
  )
}

/**
 * A video lesson: the video (seconds watched kept on this device for learners and visitors, none for staff and
 * previews), its in-video knowledge checks for learners, and the lesson's written notes under it.
 */
function VideoLessonBody(allProps: LessonBodyProps & { content: LessonContent }) {
  const { slug, outline, lesson, content, mode, videoRef, playerRef, ...props } = allProps
  return (
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
        userId={mode === 'staff' || mode === 'preview' ? null : props.userId}
        canSave={props.canSave}
        initialPosition={lesson.progress?.position_s ?? 0}
        serverWatched={lesson.progress?.watched_s ?? 0}
        completion={{ ...lesson, completed: lesson.progress?.status === 'completed' }}
        upNext={{ slug, next: props.next }}
        theatre={props.theatre}
        onTheatreChange={props.onTheatreChange}
        // Right under the video, so it is in view without scrolling.
        complete={props.complete}
      />
      {/* In-video knowledge checks, for learners: they pause the video at their moments and never block. */}
      {mode === 'learner' ? <VideoChecks key={`checks-${lesson.id}`} lessonId={lesson.id} player={playerRef} /> : null}
      {content.body_md.trim() ? <VideoLessonNotes body={content.body_md} language={outline.course.language} /> : null}
    </>
  )
}

/** The lesson's written notes under its video, open to start with and folded away on demand. */
function VideoLessonNotes({ body, language }: { body: string; language: string }) {
  return (
    <Collapsible defaultOpen className="rounded-lg border border-slate-200 bg-white">
      <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold text-slate-900">
        <ChevronRight
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none"
        />
        Lesson notes
      </CollapsibleTrigger>
      <CollapsibleContent className="px-4 pb-4">
        <div lang={language}>
          <LazyMarkdown source={body} headingOffset={2} />
        </div>
      </CollapsibleContent>
    </Collapsible>
  )
}

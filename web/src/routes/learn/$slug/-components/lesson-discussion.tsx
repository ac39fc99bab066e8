// Under an open lesson: the learner's own notes (enrolled learners only; notes are private and need an enrollment)
// and the lesson's Q&A (enrolled learners and the course's staff). The video is reached through the handle the
// video lesson exposes; the notes feature only gets the two callbacks it needs. Both load with the first lesson that
// shows them, below the lesson: not in the player's first load, which visitors get too.
import { lazy, Suspense, type RefObject } from 'react'
import { LoadingBlocks } from '@/components/loading-blocks'
import type { VideoPlayerHandle } from '@/features/learn/components/video-lesson'
import type { ViewerMode } from '@/lib/courses/viewer-mode'

const LessonNotes = lazy(() =>
  import('@/features/notes/components/lesson-notes').then((m) => ({ default: m.LessonNotes })),
)
const LessonQuestions = lazy(() =>
  import('@/features/questions/components/lesson-questions').then((m) => ({ default: m.LessonQuestions })),
)

export interface LessonDiscussionProps {
  slug: string
  lessonId: string
  userId: string | null
  mode: ViewerMode
  /** The lesson's video player, for video lessons. */
  video: RefObject<VideoPlayerHandle | null> | null
}

export function LessonDiscussion({ slug, lessonId, userId, mode, video }: LessonDiscussionProps) {
  if (!userId || (mode !== 'learner' && mode !== 'staff')) return null
  const controls = video
    ? {
        currentTime: () => video.current?.currentTime() ?? 0,
        seek: (seconds: number) => video.current?.seek(seconds),
      }
    : null
  // One key on the wrapper: a new lesson remounts both panels (their drafts belong to the lesson they were typed
  // on). Keys on the two panels themselves would be equal siblings, which React cannot tell apart: it kept the old
  // panels beside the new ones and a note typed into the stale one was saved on the previous lesson.
  return (
    <div key={lessonId} className="flex flex-col gap-4">
      <Suspense fallback={<LoadingBlocks label="Loading notes and questions" blocks={['h-6 w-40', 'h-20 w-full']} />}>
        {mode === 'learner' ? <LessonNotes userId={userId} lessonId={lessonId} slug={slug} video={controls} /> : null}
        <LessonQuestions userId={userId} lessonId={lessonId} isStaff={mode === 'staff'} />
      </Suspense>
    </div>
  )
}

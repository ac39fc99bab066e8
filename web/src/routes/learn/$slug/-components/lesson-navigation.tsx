// Below an open lesson: previous and next, "Finish course" on the lessons a learner ticks (a quiz finishes by being
// passed), and the moment shown once the course is finished, with its certificate.
import { lazy, Suspense } from 'react'
import type { ProgressSnapshot } from '@/features/learn/lib/progress-saver'
import { FinishCourse, type useFinishMoment } from '@/features/learn/components/finish-course'
import { LessonNav } from '@/features/learn/components/lesson-nav'
import { lazyOverlay } from '@/components/lazy-overlay'
import type { CourseOutline, OutlineLesson } from '@/lib/courses/course-outline.schema'

// The moment (a dialog) and the certificate's part of it load on its first opening or once the page has loaded.
const FinishMoment = lazyOverlay(() => import('@/features/learn/components/finish-moment').then((m) => m.FinishMoment))
const CourseFinish = lazy(() =>
  import('@/features/certificates/components/course-finish').then((m) => ({ default: m.CourseFinish })),
)

export interface LessonNavigationProps {
  slug: string
  outline: CourseOutline
  lesson: OutlineLesson
  prev: OutlineLesson | null
  next: OutlineLesson | null
  canSave: boolean
  /** The video's live position and seconds watched (video lessons). */
  live?: () => ProgressSnapshot | null
  finishMoment: ReturnType<typeof useFinishMoment>
}

export function LessonNavigation({ outline, lesson, canSave, finishMoment, ...props }: LessonNavigationProps) {
  return (
    <>
      <LessonNav
        slug={props.slug}
        prev={props.prev}
        next={props.next}
        finish={
          canSave && lesson.kind !== 'quiz' ? (
            <FinishCourse
              outline={outline}
              lessonId={lesson.id}
              live={props.live}
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
            <Suspense fallback={null}>
              <CourseFinish
                courseId={outline.course.id}
                schoolId={outline.course.school.id}
                schoolName={outline.course.school.name}
                certificateEnabled={outline.course.certificate_enabled}
              />
            </Suspense>
          }
        />
      ) : null}
    </>
  )
}

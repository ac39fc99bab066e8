// Below an open lesson: previous and next, "Finish course" on the lessons a learner ticks (a quiz finishes by being
// passed), and the moment shown once the course is finished, with its certificate.
import type { ProgressSnapshot } from '@/features/learn/lib/progress-saver'
import { FinishCourse, FinishMoment, type useFinishMoment } from '@/features/learn/components/finish-course'
import { LessonNav } from '@/features/learn/components/lesson-nav'
import { CourseFinish } from '@/features/certificates/components/course-finish'
import type { CourseOutline, OutlineLesson } from '@/lib/courses/course-outline.schema'

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
            <CourseFinish
              courseId={outline.course.id}
              schoolId={outline.course.school.id}
              schoolName={outline.course.school.name}
              certificateEnabled={outline.course.certificate_enabled}
            />
          }
        />
      ) : null}
    </>
  )
}

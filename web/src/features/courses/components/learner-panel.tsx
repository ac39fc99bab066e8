// The enrolled learner's side of the course page's panel: their progress, and a link to the next lesson (or
// "Course completed" with a way to review it).
import { CircleCheck, Play } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { chooseNextLesson, lessonsInOrder } from '@/lib/courses/lessons'
import { LessonLink } from './lesson-link'
import { panelClass } from './panel-class'
import { plural } from '@/lib/format/plural'

export function LearnerPanel({ outline }: { outline: CourseOutline }) {
  const { course, progress, viewer } = outline
  const completed =
    viewer.enrollment?.status === 'completed' || (progress.total > 0 && progress.completed >= progress.total)
  const next = chooseNextLesson(outline)
  const first = lessonsInOrder(outline).find((lesson) => lesson.available)
  return (
    <div className={panelClass}>
      {completed ? (
        <p className="flex items-center gap-2 font-semibold text-teal-800">
          <CircleCheck aria-hidden="true" className="size-5" />
          Course completed
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id="course-progress-label" className="font-medium text-slate-900">
            Course progress
          </span>
          <span className="text-slate-600 tabular-nums">{progress.percent}%</span>
        </div>
        <Progress value={progress.percent} aria-labelledby="course-progress-label" />
        <p className="text-sm text-slate-600">
          {progress.completed} of {plural(progress.total, 'lesson')} completed
        </p>
      </div>
      {next ? (
        <Button asChild>
          <LessonLink slug={course.slug} lessonId={next.lesson.id}>
            <Play aria-hidden="true" className="size-4" />
            {next.kind === 'start' ? 'Start learning' : 'Continue'}
            <span className="sr-only">: {next.lesson.title}</span>
          </LessonLink>
        </Button>
      ) : completed && first ? (
        <Button asChild variant="outline">
          <LessonLink slug={course.slug} lessonId={first.id}>
            Review the course
          </LessonLink>
        </Button>
      ) : !completed ? (
        <p className="text-sm text-slate-600">Your next lessons are not open yet; the outline says when they open.</p>
      ) : null}
    </div>
  )
}

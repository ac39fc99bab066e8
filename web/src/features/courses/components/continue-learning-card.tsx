// "Continue learning" on the home page: the next lesson of the learner's most recently active course (from that
// course's outline, so locks and drip dates are respected), with the minutes left in the course. A finished course
// is never offered: the card stays away (the course list shows it as completed, with its certificate).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Play } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Progress } from '@/components/ui/progress'
import { courseQueries } from '../api/courses.queries'
import { isFinished } from '../lib/finished'
import { formatMinutesLeft } from '@/lib/format/duration'
import { chooseNextLesson, remainingSeconds } from '@/lib/courses/lessons'
import { CourseCover } from './course-cover'
import { LessonLink } from './lesson-link'

export function ContinueLearningCard({ slug }: { slug: string }) {
  // Not suspense: the rest of the home page should not wait for (or fail with) this one outline.
  const { data: outline, isError } = useQuery(courseQueries.outline(slug))
  if (isError) return null
  if (!outline) return <Skeleton className="h-40 w-full rounded-xl" />
  if (isFinished(outline)) return null
  const next = chooseNextLesson(outline)
  const left = remainingSeconds(outline)
  const { course, progress } = outline

  return (
    <section
      aria-labelledby="continue-heading"
      className="flex flex-col gap-4 overflow-hidden rounded-xl border border-teal-200 bg-teal-50/60 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <CourseCover coverPath={course.cover_path} eager className="w-full shrink-0 rounded-lg sm:w-48" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="continue-heading" className="text-sm font-semibold tracking-wide text-teal-800 uppercase">
            Continue learning
          </h2>
          <p className="text-lg font-semibold text-slate-900">
            <Link to="/courses/$slug" params={{ slug }} className="hover:underline">
              {course.title}
            </Link>
          </p>
          {next ? (
            <p className="text-slate-700">
              {next.kind === 'resume' ? 'Pick up with ' : 'Up next: '}
              <span className="font-medium">{next.lesson.title}</span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <Progress value={progress.percent} aria-label={`${course.title}: course progress`} />
          <p className="text-sm text-slate-600">
            {progress.percent}% complete · {formatMinutesLeft(left)}
          </p>
        </div>
        {next ? (
          <Button asChild className="self-start">
            <LessonLink slug={slug} lessonId={next.lesson.id}>
              <Play aria-hidden="true" className="size-4" />
              {next.kind === 'start' ? 'Start' : 'Continue'}
              <span className="sr-only">: {next.lesson.title}</span>
            </LessonLink>
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Your next lessons are not open yet.</p>
        )}
      </div>
    </section>
  )
}

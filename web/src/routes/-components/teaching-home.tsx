// The top of an owner's or instructor's home: their teaching first, under the page's heading. What needs them now
// (questions waiting for a staff answer, learners at risk in their published courses, drafts not yet published),
// then their schools and courses. It combines the questions, analytics and studio features, so it lives with the
// route. Each part loads, fails and retries on its own; nothing here hides the learning below it.
import type { ReactNode } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert, FilePen, MessagesSquare, PenLine, UserRoundX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { analyticsQueries } from '@/features/analytics/api/analytics.queries'
import type { AnalyticsFilter } from '@/features/analytics/lib/filter'
import { questionsQueries } from '@/features/questions/api/questions.queries'
import type { StudioSchool } from '@/features/studio/api/schools.api'
import { StaffHomeSection } from '@/features/studio/components/staff-home-section'
import { plural, pluralWord } from '@/lib/format/plural'

const everyone: AnalyticsFilter = { cohortId: undefined, enrolledFrom: undefined, enrolledTo: undefined }
// At-risk counts are one call per course: the most recently edited published courses are enough for a summary.
const atRiskCourses = 6
const draftsShown = 3

const rowClass = 'flex items-start gap-3 py-3'
const linkClass = 'font-medium text-teal-800 underline-offset-2 hover:underline'

export function TeachingHome({ userId, schools }: { userId: string; schools: StudioSchool[] }) {
  const courses = schools.flatMap((school) => school.courses)
  const published = courses.filter((course) => course.status === 'published')
  const drafts = courses.filter((course) => course.status === 'draft')
  return (
    <section aria-labelledby="teaching-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="teaching-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Your teaching
        </h1>
        <Button asChild className="ml-auto">
          <Link to="/studio">
            <PenLine aria-hidden="true" className="size-4" />
            Open the studio
          </Link>
        </Button>
      </div>
      <section
        aria-labelledby="attention-title"
        className="flex flex-col rounded-xl border border-slate-200 bg-white px-4 pt-4 pb-1 shadow-sm sm:px-6"
      >
        <h2 id="attention-title" className="text-lg font-semibold text-slate-900">
          Needs your attention
        </h2>
        <ul className="divide-y divide-slate-200">
          <QuestionsRow userId={userId} />
          <AtRiskRows courses={published.slice(0, atRiskCourses)} />
          <DraftsRow drafts={drafts} />
        </ul>
      </section>
      <StaffHomeSection userId={userId} title="Your schools and courses" />
    </section>
  )
}

function Row({ icon: Icon, children }: { icon: typeof CircleAlert; children: ReactNode }) {
  return (
    <li className={rowClass}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  )
}

function LoadingRow({ label }: { label: string }) {
  return (
    <li className={rowClass}>
      <span role="status" className="sr-only">
        {label}
      </span>
      <Skeleton className="h-5 w-64 max-w-full" />
    </li>
  )
}

function FailedRow({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Row icon={CircleAlert}>
      <p role="alert" className="flex flex-wrap items-center gap-2 text-slate-700">
        {what} could not be loaded.
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </p>
    </Row>
  )
}

function QuestionsRow({ userId }: { userId: string }) {
  const questions = useQuery(questionsQueries.open(userId))
  if (questions.isPending) return <LoadingRow label="Loading questions waiting for an answer…" />
  if (questions.isError) return <FailedRow what="Questions" retry={() => void questions.refetch()} />
  const count = questions.data.length
  return (
    <Row icon={MessagesSquare}>
      {count === 0 ? (
        <p className="text-slate-700">No questions are waiting for an answer.</p>
      ) : (
        <Link to="/studio/questions" className={linkClass}>
          {plural(count, 'question')} {pluralWord(count, 'is', 'are')} waiting for an answer
        </Link>
      )}
    </Row>
  )
}

function AtRiskRows({ courses }: { courses: StudioSchool['courses'] }) {
  const results = useQueries({ queries: courses.map((course) => analyticsQueries.atRisk(course.id, everyone)) })
  if (courses.length === 0) return null
  if (results.some((result) => result.isPending)) return <LoadingRow label="Loading learners at risk…" />
  const failed = results.filter((result) => result.isError)
  if (failed.length > 0) {
    return <FailedRow what="Learners at risk" retry={() => failed.forEach((result) => void result.refetch())} />
  }
  const atRisk = courses.flatMap((course, index) => {
    const total = results[index]?.data?.total ?? 0
    return total > 0 ? [{ course, total }] : []
  })
  if (atRisk.length === 0) {
    return (
      <Row icon={UserRoundX}>
        <p className="text-slate-700">No learner has gone 7 days without activity.</p>
      </Row>
    )
  }
  return (
    <>
      {atRisk.map(({ course, total }) => (
        <Row key={course.id} icon={UserRoundX}>
          <Link to="/studio/courses/$courseId/analytics" params={{ courseId: course.id }} className={linkClass}>
            {plural(total, 'learner')} at risk in {course.title}
          </Link>
          <p className="text-sm text-slate-600">No activity for 7 days or more.</p>
        </Row>
      ))}
    </>
  )
}

function DraftsRow({ drafts }: { drafts: StudioSchool['courses'] }) {
  if (drafts.length === 0) {
    return (
      <Row icon={FilePen}>
        <p className="text-slate-700">No drafts waiting to be published.</p>
      </Row>
    )
  }
  return (
    <Row icon={FilePen}>
      <p className="text-slate-700">{plural(drafts.length, 'draft')} not published yet:</p>
      <ul className="mt-1 flex flex-col gap-1">
        {drafts.slice(0, draftsShown).map((course) => (
          <li key={course.id}>
            <Link to="/studio/courses/$courseId" params={{ courseId: course.id }} className={linkClass}>
              {course.title}
            </Link>
          </li>
        ))}
      </ul>
    </Row>
  )
}

// One learner's detail: lessons done, time studied, every lesson with their progress (read under the
// lesson_progress policies as the instructor), and moving them to another cohort of the course.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleDashed, CircleDot } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { Cohort, LearnerRow } from '../api/learners.api'
import { useMoveLearner } from '../api/learners.mutations'
import { learnersQueries } from '../api/learners.queries'
import { formatDateOrDash } from '@/lib/format/date'
import { formatTimeSpent } from '@/lib/format/duration'
import { statusLabels } from '../lib/labels'
import { CertificateRevoke } from './certificate-revoke'

const progressIcons = { completed: CircleCheck, in_progress: CircleDot, not_started: CircleDashed } as const
const progressWords = { completed: 'Completed', in_progress: 'In progress', not_started: 'Not started' } as const

export function LearnerDetail({ courseId, row, cohorts }: { courseId: string; row: LearnerRow; cohorts: Cohort[] }) {
  const id = useId()
  const progress = useQuery(learnersQueries.progress(courseId, row.user_id))
  const move = useMoveLearner(courseId)

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{row.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="text-slate-900">{statusLabels[row.enrollment_status]}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Lessons done</dt>
          <dd className="text-slate-900">
            {row.lessons_done} of {row.lessons_total} ({row.progress_percent}%)
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Time spent</dt>
          <dd className="text-slate-900">{formatTimeSpent(row.seconds_studied)}</dd>
        </div>
      </dl>
      <Progress value={row.progress_percent} aria-label={`${row.display_name}'s progress`} />

      {row.enrollment_status === 'removed' ? (
        <Alert tone="info" title={`Removed on ${formatDateOrDash(row.removed_at)}`}>
          {row.removal_reason ? <p>Reason: {row.removal_reason}</p> : null}
          <p>Their progress is kept. Add them again by email to give them back access.</p>
        </Alert>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cohort`} className="text-sm font-medium text-slate-900">
            Cohort
          </label>
          <select
            id={`${id}-cohort`}
            className="h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
            defaultValue={row.enrollment_cohort_id ?? ''}
            disabled={move.isPending}
            onChange={(event) => move.mutate({ enrollmentId: row.enrollment_id, cohortId: event.target.value || null })}
          >
            <option value="">No cohort</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {cohort.name}
              </option>
            ))}
          </select>
          {move.isSuccess ? (
            <p role="status" className="text-sm text-teal-800">
              Cohort saved.
            </p>
          ) : null}
          {move.isError ? <Alert tone="error">{errorMessage(move.error)}</Alert> : null}
        </div>
      )}

      <CertificateRevoke courseId={courseId} userId={row.user_id} />

      <section aria-labelledby={`${id}-lessons`} className="flex flex-col gap-2">
        <h3 id={`${id}-lessons`} className="font-semibold text-slate-900">
          Lessons
        </h3>
        {progress.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading lessons">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : progress.isError ? (
          <Alert tone="error">{errorMessage(progress.error)}</Alert>
        ) : progress.data.length === 0 ? (
          <p className="text-sm text-slate-600">This course has no lessons yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 text-sm">
            {progress.data.map((lesson) => {
              const Icon = progressIcons[lesson.status]
              return (
                <li key={lesson.lessonId} className="flex items-start gap-2 py-2">
                  <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="text-slate-900">{lesson.title}</span>
                    <span className="text-xs text-slate-600">{lesson.sectionTitle}</span>
                  </div>
                  <span className="shrink-0 text-right text-slate-700">
                    {progressWords[lesson.status]}
                    {lesson.watchedS > 0 ? ` · ${formatTimeSpent(lesson.watchedS)}` : ''}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </div>
  )
}

// The opt-in course leaderboards on /achievements (`Trophy`): the learner's choice to appear (off by default), a
// course picker over their courses, and the picked course's board for this week — rank, display name and minutes,
// their own row marked — kept live by the course's private channel. Loading, empty and error states each say so.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trophy } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { leaderboardQueries, useSetLeaderboardOptIn } from '../api/leaderboard.queries'
import { useLiveLeaderboard } from '../api/use-live-course'

export interface LeaderboardCourse {
  id: string
  title: string
}

interface LeaderboardSectionProps {
  userId: string
  /** The learner's courses (the route reads them), undefined while loading. */
  courses: LeaderboardCourse[] | undefined
  coursesError: unknown
  onRetryCourses: () => void
}

export function LeaderboardSection({ userId, courses, coursesError, onRetryCourses }: LeaderboardSectionProps) {
  const [picked, setPicked] = useState<string | null>(null)
  const courseId = picked ?? courses?.[0]?.id ?? null

  return (
    <section aria-labelledby="leaderboards-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="leaderboards-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Trophy aria-hidden="true" className="size-5 text-teal-700" />
          Leaderboards
        </h2>
        <p className="text-sm text-slate-600">
          Minutes studied this week by the learners of a course who chose to appear. Only display names and minutes are
          shown.
        </p>
      </div>
      <OptInField userId={userId} />
      {coursesError ? (
        <ErrorWithRetry error={coursesError} onRetry={onRetryCourses} />
      ) : courses === undefined ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : courses.length === 0 || courseId === null ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Enroll in a course to see its leaderboard.
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="leaderboard-course" className="text-sm font-medium text-slate-900">
              Course
            </label>
            <select
              id="leaderboard-course"
              value={courseId}
              onChange={(event) => setPicked(event.target.value)}
              className="h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 sm:max-w-sm"
            >
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </select>
          </div>
          <CourseBoard key={courseId} courseId={courseId} />
        </>
      )}
    </section>
  )
}

function OptInField({ userId }: { userId: string }) {
  const optIn = useQuery(leaderboardQueries.optIn(userId))
  const save = useSetLeaderboardOptIn(userId)
  const checked = save.isPending ? save.variables : optIn.data
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id="leaderboard-opt-in"
          checked={checked ?? false}
          disabled={optIn.isPending || optIn.isError || save.isPending}
          onCheckedChange={(value) => save.mutate(value === true)}
          aria-describedby="leaderboard-opt-in-hint"
          className="mt-0.5"
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor="leaderboard-opt-in" className="text-sm font-medium text-slate-900">
            Show me on the leaderboards of my courses
          </label>
          <p id="leaderboard-opt-in-hint" className="text-sm text-slate-600">
            Your display name and weekly minutes, seen by the course&apos;s learners and instructors. Off unless you
            turn it on.
          </p>
        </div>
      </div>
      {optIn.isError ? <ErrorWithRetry error={optIn.error} onRetry={() => void optIn.refetch()} /> : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Your choice was not saved: {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  )
}

function CourseBoard({ courseId }: { courseId: string }) {
  const board = useQuery(leaderboardQueries.board(courseId))
  const live = useLiveLeaderboard(courseId)
  if (board.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading the leaderboard…
        </p>
        <Skeleton className="h-40 w-full rounded-xl" />
      </>
    )
  }
  if (board.isError) return <ErrorWithRetry error={board.error} onRetry={() => void board.refetch()} />
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-600" data-testid="leaderboard-live">
        {live === 'live' ? 'Updates live' : live === 'off' ? 'Not updating live: reload to see changes' : 'Connecting…'}
      </p>
      {board.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Nobody is on this leaderboard yet. Learners appear once they choose to.
        </p>
      ) : (
        <table className="w-full overflow-hidden rounded-xl border border-slate-200 text-left text-sm">
          <caption className="sr-only">This week&apos;s minutes</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Rank
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Learner
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Minutes this week
              </th>
            </tr>
          </thead>
          <tbody>
            {board.data.map((row) => (
              <tr
                key={`${row.rank}-${row.display_name}-${row.is_me}`}
                className={row.is_me ? 'bg-teal-50 font-medium' : 'border-t border-slate-100'}
              >
                <td className="px-3 py-2 tabular-nums">{row.rank}</td>
                <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                  {row.display_name}
                  {row.is_me ? <span className="ml-2 text-xs font-semibold text-teal-800">(you)</span> : null}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.minutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function ErrorWithRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
      <p>{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

// The /studio/courses/$courseId/analytics screen: filters, the funnel, where learners stop, median time per lesson,
// the at-risk learners and the quizzes' item analysis, each with its own loading and error state, kept live by the
// course's analytics channel.
import { useQuery } from '@tanstack/react-query'
import { Users } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { analyticsQueries } from '../api/analytics.queries'
import { isFiltered, toAnalyticsFilter } from '../lib/filter'
import type { AnalyticsSearch } from '../schemas/analytics-search.schema'
import { AnalyticsFilters } from './analytics-filters'
import { AtRiskSection } from './at-risk-section'
import { FunnelSection } from './funnel-section'
import { QuizzesSection } from './quiz-section'
import { DropOffSection, LessonTimeSection } from './lessons-section'
import { useLiveAnalytics } from './use-live-analytics'

interface AnalyticsPageProps {
  courseId: string
  search: AnalyticsSearch
  onSearchChange: (patch: Partial<AnalyticsSearch>) => void
}

function Loading({ label }: { label: string }) {
  return (
    <div
      aria-busy="true"
      aria-label={label}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-6"
    >
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-40" />
    </div>
  )
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="mt-2" onClick={retry}>
        Try again
      </Button>
    </Alert>
  )
}

export function AnalyticsPage({ courseId, search, onSearchChange }: AnalyticsPageProps) {
  useLiveAnalytics(courseId)
  const filter = toAnalyticsFilter(search)
  const funnel = useQuery(analyticsQueries.funnel(courseId, filter))
  const lessons = useQuery(analyticsQueries.lessons(courseId, filter))
  const atRisk = useQuery(analyticsQueries.atRisk(courseId, filter))
  const cohorts = useQuery(analyticsQueries.cohorts(courseId))
  const noLearners = funnel.data?.enrolled === 0

  return (
    <div className="flex flex-col gap-6">
      <AnalyticsFilters search={search} cohorts={cohorts.data ?? []} onChange={onSearchChange} />
      {funnel.isPending ? (
        <Loading label="Loading the funnel" />
      ) : funnel.isError ? (
        <Failed title="We couldn't load the analytics" error={funnel.error} retry={() => void funnel.refetch()} />
      ) : noLearners ? (
        <EmptyState icon={Users} title={isFiltered(search) ? 'No learners match these filters' : 'No learners yet'}>
          {isFiltered(search)
            ? 'Choose another cohort or a wider date range.'
            : 'The funnel, drop-off and at-risk learners appear here as soon as someone enrolls.'}
        </EmptyState>
      ) : (
        <>
          <FunnelSection counts={funnel.data} />
          {lessons.isPending ? (
            <Loading label="Loading the lessons" />
          ) : lessons.isError ? (
            <Failed title="We couldn't load the lessons" error={lessons.error} retry={() => void lessons.refetch()} />
          ) : (
            <>
              <DropOffSection lessons={lessons.data} />
              <LessonTimeSection lessons={lessons.data} dateFiltered={Boolean(search.from || search.to)} />
            </>
          )}
          {atRisk.isPending ? (
            <Loading label="Loading the at-risk learners" />
          ) : atRisk.isError ? (
            <Failed
              title="We couldn't load the at-risk learners"
              error={atRisk.error}
              retry={() => void atRisk.refetch()}
            />
          ) : (
            <AtRiskSection page={atRisk.data} />
          )}
          <QuizzesSection courseId={courseId} />
        </>
      )}
    </div>
  )
}

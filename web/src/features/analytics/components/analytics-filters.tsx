// The analytics filters: a cohort and an enrollment date range, kept in the URL (the route validates them). Native
// select and date inputs: labelled, keyboard-usable and fitted to phones without a widget of our own.
import type { CohortOption } from '../api/analytics.api'
import type { AnalyticsSearch } from '../schemas/analytics-search.schema'
import { Button } from '@/components/ui/button'

interface AnalyticsFiltersProps {
  search: AnalyticsSearch
  cohorts: CohortOption[]
  onChange: (patch: Partial<AnalyticsSearch>) => void
}

const field = 'min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900'

export function AnalyticsFilters({ search, cohorts, onChange }: AnalyticsFiltersProps) {
  const filtered = Boolean(search.cohort || search.from || search.to)
  return (
    <form
      role="search"
      aria-label="Filter the analytics"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="flex min-w-40 flex-1 flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-none">
        Cohort
        <select
          className={field}
          value={search.cohort ?? ''}
          onChange={(event) => onChange({ cohort: event.target.value || undefined })}
        >
          <option value="">All learners</option>
          {cohorts.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohort.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-none">
        Enrolled from
        <input
          type="date"
          className={field}
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </label>
      <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-none">
        Enrolled to
        <input
          type="date"
          className={field}
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </label>
      {filtered ? (
        <Button variant="outline" onClick={() => onChange({ cohort: undefined, from: undefined, to: undefined })}>
          Clear filters
        </Button>
      ) : null}
    </form>
  )
}

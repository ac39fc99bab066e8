// The roster's controls: a search over name and email (sent once typing pauses), filters by cohort and status, and
// the page's actions (add by email, export CSV). Filters live in the URL, so a filtered roster can be linked.
import { useEffect, useId, useState } from 'react'
import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import type { Cohort } from '../api/learners.api'
import { rosterStatuses, type RosterSearch } from '../schemas/roster-search.schema'
import { statusLabels } from '../lib/labels'
import { useDebouncedValue } from './use-debounced-value'

interface RosterToolbarProps {
  search: RosterSearch
  cohorts: Cohort[]
  onChange: (patch: Partial<RosterSearch>) => void
  actions: React.ReactNode
}

const selectClass = 'h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

export function RosterToolbar({ search, cohorts, onChange, actions }: RosterToolbarProps) {
  const id = useId()
  const [text, setText] = useState(search.q ?? '')
  const debounced = useDebouncedValue(text, 300)

  useEffect(() => {
    if (debounced.trim() !== (search.q ?? '').trim()) onChange({ q: debounced.trim() || undefined, page: undefined })
    // Only the debounced text triggers a search; the URL's value is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-900">
            Search learners
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-3 left-3 size-5 text-slate-500" />
            <Input
              id={`${id}-q`}
              type="search"
              value={text}
              maxLength={200}
              placeholder="Name or email"
              className="pl-10 sm:w-64"
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cohort`} className="text-sm font-medium text-slate-900">
            Cohort
          </label>
          <select
            id={`${id}-cohort`}
            className={selectClass}
            value={search.cohort ?? ''}
            onChange={(event) => onChange({ cohort: event.target.value || undefined, page: undefined })}
          >
            <option value="">All cohorts</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {cohort.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-900">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={search.status ?? ''}
            onChange={(event) =>
              onChange({
                status: (event.target.value || undefined) as RosterSearch['status'],
                page: undefined,
              })
            }
          >
            <option value="">Any status</option>
            {rosterStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  )
}

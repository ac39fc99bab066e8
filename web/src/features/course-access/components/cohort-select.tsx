// Choosing who something is for: the whole course or one of its cohorts (a native select: keyboard and screen
// readers know it, and it fits 360 px).
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import type { Cohort } from '../api/cohorts.api'

interface CohortSelectProps extends ComponentProps<'select'> {
  cohorts: Cohort[]
  /** The text of the empty choice. */
  noneLabel: string
}

export function CohortSelect({ cohorts, noneLabel, className, ...props }: CohortSelectProps) {
  return (
    <select
      className={cn(
        'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600',
        className,
      )}
      {...props}
    >
      <option value="">{noneLabel}</option>
      {cohorts.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  )
}

/** The cohort's name for a list: "Whole course" when none, "A cohort" until the list of cohorts has it. */
export function cohortName(cohorts: Cohort[] | undefined, cohortId: string | null): string {
  if (cohortId === null) return 'Whole course'
  return cohorts?.find((c) => c.id === cohortId)?.name ?? 'A cohort'
}

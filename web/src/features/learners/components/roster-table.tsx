// The roster table: one row per enrollment or pending invitation with the columns of the learners page. Column
// headers sort (a button inside each header; aria-sort says the current order to screen readers); a learner's row
// opens their detail or the removal dialog; an invitation's row shows only its email and Invited (no name until the
// person accepts) and can be cancelled. Scrolls sideways inside its own focusable region on narrow screens.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { ConfirmButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import type { InvitedRow, LearnerRow, RosterRow } from '../api/learners.api'
import type { RosterQuery, RosterSort } from '../schemas/roster-search.schema'
import { formatDate, sourceLabels, statusLabels } from '../lib/format'

interface RosterTableProps {
  rows: RosterRow[]
  query: RosterQuery
  onSort: (sort: RosterSort) => void
  onOpen: (row: LearnerRow) => void
  onRemove: (row: LearnerRow) => void
  onCancel: (row: InvitedRow) => Promise<unknown>
  busy?: boolean
}

const columns: { key: RosterSort; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'cohort', label: 'Cohort' },
  { key: 'source', label: 'Source' },
  { key: 'enrolled_at', label: 'Enrolled' },
  { key: 'last_activity_at', label: 'Last activity' },
  { key: 'progress', label: 'Progress' },
  { key: 'status', label: 'Status' },
]

const statusTone = {
  invited: 'bg-amber-50 text-amber-900',
  active: 'bg-teal-50 text-teal-900',
  completed: 'bg-sky-50 text-sky-900',
  removed: 'bg-slate-100 text-slate-700',
} as const

export function RosterTable({ rows, query, onSort, onOpen, onRemove, onCancel, busy }: RosterTableProps) {
  return (
    <div
      role="region"
      aria-label="Learners"
      // Focusable so keyboard users can scroll the table sideways on a narrow screen.
      tabIndex={0}
      className={cn('overflow-x-auto rounded-lg border border-slate-200', busy && 'opacity-60')}
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => {
              const active = query.sort === column.key
              const Icon = !active ? ArrowUpDown : query.direction === 'asc' ? ArrowUp : ArrowDown
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="px-3 py-2 font-medium"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.key)}
                    className="inline-flex min-h-11 items-center gap-1 rounded-md hover:text-slate-900"
                  >
                    {column.label}
                    <Icon aria-hidden="true" className={cn('size-4', !active && 'text-slate-400')} />
                  </button>
                </th>
              )
            })}
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.enrollment_id ?? row.invitation_id} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {row.display_name ?? (
                  <span className="font-normal text-slate-600">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Name shown once they accept</span>
                  </span>
                )}
              </th>
              <td className="px-3 py-2 break-all text-slate-700">{row.email}</td>
              <td className="px-3 py-2 text-slate-700">{row.cohort_name ?? '—'}</td>
              <td className="px-3 py-2 text-slate-700">{sourceLabels[row.source]}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                {row.enrollment_status === 'invited'
                  ? `Invited ${formatDate(row.enrolled_at)}`
                  : formatDate(row.enrolled_at)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(row.last_activity_at)}</td>
              <td className="px-3 py-2 text-slate-700">
                {row.progress_percent}%{' '}
                <span className="text-slate-500">
                  ({row.lessons_done}/{row.lessons_total})
                </span>
              </td>
              <td className="px-3 py-2">
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[row.enrollment_status])}>
                  {statusLabels[row.enrollment_status]}
                </span>
              </td>
              <td className="px-3 py-2">
                <RowActions row={row} onOpen={onOpen} onRemove={onRemove} onCancel={onCancel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RowActions({
  row,
  onOpen,
  onRemove,
  onCancel,
}: Pick<RosterTableProps, 'onOpen' | 'onRemove' | 'onCancel'> & { row: RosterRow }) {
  if (row.enrollment_status === 'invited') {
    return (
      <ConfirmButton
        label="Cancel invitation"
        accessibleLabel={`Cancel invitation to ${row.email}`}
        variant="ghost"
        title="Cancel this invitation?"
        description={<>{row.email} will no longer see it. You can add them again later.</>}
        confirmLabel="Cancel invitation"
        onConfirm={() => onCancel(row)}
      />
    )
  }
  return (
    <div className="flex gap-1">
      <Button variant="outline" onClick={() => onOpen(row)} aria-label={`Details for ${row.display_name}`}>
        Details
      </Button>
      {row.enrollment_status !== 'removed' ? (
        <Button variant="ghost" onClick={() => onRemove(row)} aria-label={`Remove ${row.display_name}`}>
          Remove
        </Button>
      ) : null}
    </div>
  )
}

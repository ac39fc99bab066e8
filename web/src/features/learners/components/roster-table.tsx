// The roster table: one row per enrollment or pending invitation with the columns of the learners page. Column
// headers sort (a button inside each header; aria-sort says the current order to screen readers); a learner's row
// opens their detail or the removal dialog; an invitation's row shows only its email and Invited (no name until the
// person accepts) and can be cancelled. Below md each row is a card (the headers become a strip of sort buttons, each
// value gets its label); the explicit roles keep it a table to assistive technology when CSS no longer lays it out as
// one. Emails break only after the @, never mid-word.
/* eslint-disable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role --
   Chromium drops a table element's implicit role once CSS lays it out as block or flex (the cards below md), so every
   part of the table states its role explicitly. */
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { ConfirmButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import type { InvitedRow, LearnerRow, RosterRow } from '../api/learners.api'
import type { RosterQuery, RosterSort } from '../schemas/roster-search.schema'
import { formatDate, formatDateOrDash } from '@/lib/format/date'
import { sourceLabels, statusLabels } from '../lib/labels'

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

// Cards below md, a table from md up: the same elements, restyled.
const cellClass = 'flex gap-2 md:table-cell md:px-3 md:py-2'

export function RosterTable({ rows, query, onSort, onOpen, onRemove, onCancel, busy }: RosterTableProps) {
  return (
    <div
      role="region"
      aria-label="Learners"
      // Focusable so keyboard users can scroll the table sideways if a narrow window still needs it.
      tabIndex={0}
      aria-busy={busy}
      className="relative md:overflow-x-auto md:rounded-lg md:border md:border-slate-200"
    >
      {/* A bar, not dimmed rows, while the next page loads: dimmed text falls below WCAG's 4.5:1 contrast. */}
      {busy ? <div aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-teal-600" /> : null}
      <table role="table" className="block w-full text-left text-sm md:table">
        <thead role="rowgroup" className="block text-slate-700 md:table-header-group md:bg-slate-50">
          <tr role="row" className="flex flex-wrap gap-x-2 md:table-row">
            {columns.map((column) => {
              const active = query.sort === column.key
              const Icon = !active ? ArrowUpDown : query.direction === 'asc' ? ArrowUp : ArrowDown
              return (
                <th
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="block font-medium md:table-cell md:px-3 md:py-2 md:whitespace-nowrap"
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
            <th role="columnheader" scope="col" className="sr-only md:not-sr-only md:table-cell md:px-3 md:py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="mt-2 flex flex-col gap-3 md:table-row-group">
          {rows.map((row) => (
            <tr
              key={row.enrollment_id ?? row.invitation_id}
              role="row"
              className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:p-0"
            >
              <th
                role="rowheader"
                scope="row"
                className="block font-medium text-slate-900 md:table-cell md:px-3 md:py-2"
              >
                {row.display_name ?? (
                  <span className="font-normal text-slate-600">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Name shown once they accept</span>
                  </span>
                )}
              </th>
              <td role="cell" className={cn(cellClass, 'text-slate-700')}>
                <CardLabel>Email</CardLabel>
                <Email address={row.email} />
              </td>
              <td role="cell" className={cn(cellClass, 'text-slate-700')}>
                <CardLabel>Cohort</CardLabel>
                {row.cohort_name ?? '—'}
              </td>
              <td role="cell" className={cn(cellClass, 'text-slate-700')}>
                <CardLabel>Source</CardLabel>
                {sourceLabels[row.source]}
              </td>
              <td role="cell" className={cn(cellClass, 'text-slate-700 md:whitespace-nowrap')}>
                <CardLabel>Enrolled</CardLabel>
                {row.enrollment_status === 'invited'
                  ? `Invited ${formatDate(row.enrolled_at)}`
                  : formatDate(row.enrolled_at)}
              </td>
              <td role="cell" className={cn(cellClass, 'text-slate-700 md:whitespace-nowrap')}>
                <CardLabel>Last activity</CardLabel>
                {formatDateOrDash(row.last_activity_at)}
              </td>
              <td role="cell" className={cn(cellClass, 'text-slate-700 md:whitespace-nowrap')}>
                <CardLabel>Progress</CardLabel>
                <span>
                  {row.progress_percent}%{' '}
                  <span className="text-slate-500">
                    ({row.lessons_done}/{row.lessons_total})
                  </span>
                </span>
              </td>
              <td role="cell" className={cellClass}>
                <CardLabel>Status</CardLabel>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[row.enrollment_status])}>
                  {statusLabels[row.enrollment_status]}
                </span>
              </td>
              <td role="cell" className="block pt-1 md:table-cell md:px-3 md:py-2 md:pt-2">
                <RowActions row={row} onOpen={onOpen} onRemove={onRemove} onCancel={onCancel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A value's label on a card; the table's column header says it from md up, so it is hidden from the tree. */
function CardLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="w-28 shrink-0 text-slate-500 md:hidden">
      {children}
    </span>
  )
}

/** An email that may wrap after its @ (never inside the name or the domain). */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  if (at < 0) return <span className="min-w-0 break-words">{address}</span>
  return (
    <span className="min-w-0 break-words">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
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

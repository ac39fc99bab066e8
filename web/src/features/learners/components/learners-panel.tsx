// The "Learners" tab of /studio/courses/$courseId/learners: the roster with its search, filters, sorting, paging and
// CSV export, inviting learners by email (pending invitations show as Invited until accepted), a learner's detail (progress, cohort) and removing a learner.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { UserPlus, Users } from 'lucide-react'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { LearnerRow } from '../api/learners.api'
import { useCancelInvitation } from '../api/learners.mutations'
import { learnersQueries } from '../api/learners.queries'
import { ROSTER_PAGE_SIZE, type RosterSearch, type RosterSort, toRosterQuery } from '../schemas/roster-search.schema'
import { AddLearnersForm } from './add-learners-form'
import { ExportCsvButton } from './export-csv-button'
import { LearnerDetail } from './learner-detail'
import { RemoveLearnerForm } from './remove-learner-form'
import { RosterPagination } from './roster-pagination'
import { RosterTable } from './roster-table'
import { RosterToolbar } from './roster-toolbar'

// The dialogs' code (Radix Dialog's focus trap and scroll lock) loads after the roster, or at the first opening.
const Modal = lazyOverlay(() => import('./modal').then((m) => m.Modal))

interface LearnersPanelProps {
  courseId: string
  courseName: string
  search: RosterSearch
  onSearchChange: (patch: Partial<RosterSearch>) => void
}

type Open = { kind: 'add' } | { kind: 'detail'; row: LearnerRow } | { kind: 'remove'; row: LearnerRow } | null

export function LearnersPanel({ courseId, courseName, search, onSearchChange }: LearnersPanelProps) {
  const query = toRosterQuery(search)
  const roster = useQuery(learnersQueries.roster(courseId, query))
  const cohorts = useQuery(learnersQueries.cohorts(courseId))
  const [open, setOpen] = useState<Open>(null)
  const cancelInvitation = useCancelInvitation(courseId)
  const close = () => setOpen(null)
  const filtered = query.search !== '' || query.cohortId !== undefined || query.status !== undefined

  const sortBy = (sort: RosterSort) =>
    onSearchChange({
      sort,
      dir: query.sort === sort && query.direction === 'asc' ? 'desc' : 'asc',
      page: undefined,
    })

  return (
    <div className="flex flex-col gap-4">
      <RosterToolbar
        search={search}
        cohorts={cohorts.data ?? []}
        onChange={onSearchChange}
        actions={
          <>
            <Button onClick={() => setOpen({ kind: 'add' })}>
              <UserPlus aria-hidden="true" className="size-4" />
              Add learners
            </Button>
            <ExportCsvButton courseId={courseId} courseName={courseName} query={query} />
          </>
        }
      />

      {roster.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading learners">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-11" />
          ))}
        </div>
      ) : roster.isError ? (
        <Alert tone="error" title="We couldn't load the learners">
          <p>{errorMessage(roster.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void roster.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : roster.data.rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <Users aria-hidden="true" className="size-8 text-slate-400" />
          {filtered ? (
            <>
              <p className="font-medium text-slate-900">No learners match</p>
              <Button
                variant="outline"
                onClick={() => onSearchChange({ q: undefined, cohort: undefined, status: undefined, page: undefined })}
              >
                Clear search and filters
              </Button>
            </>
          ) : query.page > 1 ? (
            <Button variant="outline" onClick={() => onSearchChange({ page: undefined })}>
              Back to the first page
            </Button>
          ) : (
            <>
              <p className="font-medium text-slate-900">No learners yet</p>
              <p className="text-sm text-slate-600">Add learners by email, or share an invite link or access code.</p>
            </>
          )}
        </div>
      ) : (
        <>
          <RosterTable
            rows={roster.data.rows}
            query={query}
            busy={roster.isPlaceholderData}
            onSort={sortBy}
            onOpen={(row) => setOpen({ kind: 'detail', row })}
            onRemove={(row) => setOpen({ kind: 'remove', row })}
            onCancel={(row) => cancelInvitation.mutateAsync(row.invitation_id)}
          />
          <RosterPagination
            page={query.page}
            pageSize={ROSTER_PAGE_SIZE}
            total={roster.data.total}
            onPage={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
          />
        </>
      )}

      <Modal open={open?.kind === 'add'} onOpenChange={(next) => !next && close()} title="Add learners by email">
        <AddLearnersForm courseId={courseId} cohorts={cohorts.data ?? []} />
      </Modal>
      <Modal
        open={open?.kind === 'detail'}
        onOpenChange={(next) => !next && close()}
        title={open?.kind === 'detail' ? open.row.display_name : ''}
      >
        {open?.kind === 'detail' ? (
          <LearnerDetail courseId={courseId} row={open.row} cohorts={cohorts.data ?? []} />
        ) : null}
      </Modal>
      <Modal
        open={open?.kind === 'remove'}
        onOpenChange={(next) => !next && close()}
        title={open?.kind === 'remove' ? `Remove ${open.row.display_name}?` : ''}
      >
        {open?.kind === 'remove' ? <RemoveLearnerForm courseId={courseId} row={open.row} onDone={close} /> : null}
      </Modal>
    </div>
  )
}

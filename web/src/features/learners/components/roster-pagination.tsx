// Paging under the roster: where we are ("26–50 of 73") and previous/next. Pages are the database's (server-side).
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

interface RosterPaginationProps {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}

export function RosterPagination({ page, pageSize, total, onPage }: RosterPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label="Roster pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite">
        {total === 0 ? 'No learners' : `${first}–${last} of ${total} learner${total === 1 ? '' : 's'}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  )
}

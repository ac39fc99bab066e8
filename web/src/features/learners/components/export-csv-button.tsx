// "Export CSV": every learner matching the current search and filters (all pages, in the table's order), saved as
// a file. Pages of 500 are fetched one after another, so a large roster is not one huge request.
import { useState } from 'react'
import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listLearners } from '../api/learners.api'
import { csvFileName, fetchAllPages, rosterCsv } from '../lib/roster-csv'
import type { RosterQuery } from '../schemas/roster-search.schema'

const EXPORT_PAGE_SIZE = 500

function download(text: string, fileName: string) {
  // A byte order mark so spreadsheets read the names' accents as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function ExportCsvButton({
  courseId,
  courseName,
  query,
}: {
  courseId: string
  courseName: string
  query: RosterQuery
}) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false })
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true })
          try {
            const rows = await fetchAllPages((page) =>
              listLearners(supabase, courseId, { ...query, page }, EXPORT_PAGE_SIZE),
            )
            download(rosterCsv(rows), csvFileName(courseName))
            setState({ busy: false })
          } catch (error) {
            setState({ busy: false, error: errorMessage(error) })
          }
        }}
      >
        <Download aria-hidden="true" className="size-4" />
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </Button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  )
}

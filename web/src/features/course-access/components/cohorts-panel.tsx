// The instructor's cohorts of a course: each with its start and number of learners; create, rename or move the
// start, and delete one that has no learners (learners are moved between cohorts on the learners page).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plus, Users } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { errorCode, errorMessage } from '@/lib/errors'
import type { Cohort } from '../api/cohorts.api'
import { courseAccessQueries } from '../api/course-access.queries'
import { useCreateCohort, useDeleteCohort, useUpdateCohort } from '../api/course-access.mutations'
import { formatDateTime } from '../lib/date-time'
import { CohortForm } from './cohort-form'
import { ConfirmButton } from '@/components/confirm-button'
import { Facts, ListCard, Panel, PanelError, PanelLoading } from './panel'

const learners = (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`

function deleteError(error: unknown): string {
  if (errorCode(error) === 'cohort_not_empty') {
    return 'Learners joined this cohort meanwhile. Move them to another cohort first.'
  }
  return errorMessage(error)
}

export function CohortsPanel({ courseId }: { courseId: string }) {
  const cohorts = useQuery(courseAccessQueries.cohorts(courseId))
  const create = useCreateCohort(courseId)
  const [creating, setCreating] = useState(false)

  return (
    <Panel
      title="Cohorts"
      description="Groups of learners who start together. Lessons that open after some days count them from the cohort's start."
      action={
        creating ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New cohort
          </Button>
        )
      }
    >
      {creating ? (
        <CohortForm
          submitLabel="Create cohort"
          onSave={(input) => create.mutateAsync(input)}
          onDone={() => setCreating(false)}
        />
      ) : null}
      {cohorts.isPending ? (
        <PanelLoading label="Loading cohorts…" />
      ) : cohorts.isError ? (
        <PanelError error={cohorts.error} what="cohorts" onRetry={() => void cohorts.refetch()} />
      ) : cohorts.data.length === 0 ? (
        <EmptyState icon={Users} as="h3" title="No cohorts yet">
          Without cohorts every learner counts from the day they enrolled.
        </EmptyState>
      ) : (
        <ul aria-label="Cohorts" className="flex flex-col gap-3">
          {cohorts.data.map((cohort) => (
            <CohortRow key={cohort.id} courseId={courseId} cohort={cohort} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

function CohortRow({ courseId, cohort }: { courseId: string; cohort: Cohort }) {
  const update = useUpdateCohort(courseId)
  const remove = useDeleteCohort(courseId)
  const [editing, setEditing] = useState(false)

  if (editing) {
    return (
      <li>
        <CohortForm
          initial={cohort}
          submitLabel="Save cohort"
          onSave={(input) => update.mutateAsync({ id: cohort.id, input })}
          onDone={() => setEditing(false)}
        />
      </li>
    )
  }
  return (
    <ListCard>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="font-medium break-words text-slate-900">{cohort.name}</h3>
        <Facts
          items={[
            ['Starts', formatDateTime(cohort.startsAt)],
            ['Learners', learners(cohort.learnerCount)],
          ]}
        />
        {cohort.learnerCount > 0 ? (
          <p className="text-sm text-slate-600">
            To delete it, move its {learners(cohort.learnerCount)} to another cohort on the learners page first.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-label={`Edit ${cohort.name}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        {cohort.learnerCount === 0 ? (
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete ${cohort.name}`}
            title={`Delete ${cohort.name}?`}
            description={<p>Its invite links, access codes and events are deleted with it. This cannot be undone.</p>}
            confirmLabel="Delete cohort"
            describeError={deleteError}
            onConfirm={() => remove.mutateAsync(cohort.id)}
          />
        ) : null}
      </div>
    </ListCard>
  )
}

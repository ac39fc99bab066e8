// The instructor's access codes of a course: create one (shown once, grouped for reading aloud, to copy), see each
// code's state, uses, expiry and cohort, and revoke one. Learners type codes on the course page.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, Plus } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { courseAccessQueries } from '../api/course-access.queries'
import { useRevokeAccessCode } from '../api/course-access.mutations'
import { formatAccessCode, spellAccessCode } from '../lib/secrets'
import { AccessCodeForm } from './access-code-form'
import { GrantCard } from './grant-card'
import { Panel, PanelError, PanelLoading } from './panel'
import { SecretDialog } from './secret-dialog'

export function AccessCodesPanel({ courseId }: { courseId: string }) {
  const codes = useQuery(courseAccessQueries.codes(courseId))
  const cohorts = useQuery(courseAccessQueries.cohorts(courseId))
  const course = useQuery(courseAccessQueries.course(courseId))
  const revoke = useRevokeAccessCode(courseId)
  const [creating, setCreating] = useState(false)
  const [code, setCode] = useState<string | null>(null)

  return (
    <Panel
      title="Access codes"
      description="Learners type a code on the course page to join. Hand it out in class, on a slide or by email."
      action={
        creating ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New access code
          </Button>
        )
      }
    >
      {course.data && course.data.enrollmentMode !== 'code' ? (
        <Alert tone="info">
          This course&apos;s page shows a code field only when its enrollment is set to access code (in the
          course&apos;s details). Until then learners have nowhere to type a code.
        </Alert>
      ) : null}
      {creating ? (
        <AccessCodeForm
          courseId={courseId}
          cohorts={cohorts.data ?? []}
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false)
            setCode(created)
          }}
        />
      ) : null}
      {codes.isPending ? (
        <PanelLoading label="Loading access codes…" />
      ) : codes.isError ? (
        <PanelError error={codes.error} what="access codes" onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <EmptyState icon={KeyRound} as="h3" title="No access codes yet">
          Create a code and give it to the people you want in this course.
        </EmptyState>
      ) : (
        <ul aria-label="Access codes" className="flex flex-col gap-3">
          {codes.data.map((grant) => (
            <GrantCard
              key={grant.id}
              kind="code"
              grant={grant}
              cohorts={cohorts.data}
              onRevoke={() => revoke.mutateAsync(grant.id)}
            />
          ))}
        </ul>
      )}
      <SecretDialog
        secret={code ? { value: formatAccessCode(code), spelled: spellAccessCode(code) } : null}
        title="Your new access code"
        label="Access code"
        onDone={() => setCode(null)}
      />
    </Panel>
  )
}

// The instructor's invite links of a course: create one (its link shown once, to copy), see each link's state,
// uses, expiry, domains and cohort, and revoke one. Learners who accepted stay enrolled after a revoke.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link2, Plus } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { courseAccessQueries } from '../api/course-access.queries'
import { useRevokeInvite } from '../api/course-access.mutations'
import { inviteUrl } from '../lib/secrets'
import { GrantCard } from './grant-card'
import { InviteForm } from './invite-form'
import { Panel, PanelError, PanelLoading } from './panel'
import { SecretDialog } from './secret-dialog'

export function InvitesPanel({ courseId }: { courseId: string }) {
  const invites = useQuery(courseAccessQueries.invites(courseId))
  const cohorts = useQuery(courseAccessQueries.cohorts(courseId))
  const revoke = useRevokeInvite(courseId)
  const [creating, setCreating] = useState(false)
  const [link, setLink] = useState<string | null>(null)

  return (
    <Panel
      title="Invite links"
      description="Anyone with a link can join this course until it expires or has been used as often as it allows."
      action={
        creating ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New invite link
          </Button>
        )
      }
    >
      {creating ? (
        <InviteForm
          courseId={courseId}
          cohorts={cohorts.data ?? []}
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false)
            setLink(inviteUrl(window.location.origin, token))
          }}
        />
      ) : null}
      {invites.isPending ? (
        <PanelLoading label="Loading invite links…" />
      ) : invites.isError ? (
        <PanelError error={invites.error} what="invite links" onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <EmptyState icon={Link2} as="h3" title="No invite links yet">
          Create a link and send it to the people you want in this course.
        </EmptyState>
      ) : (
        <ul aria-label="Invite links" className="flex flex-col gap-3">
          {invites.data.map((invite) => (
            <GrantCard
              key={invite.id}
              kind="invite"
              grant={invite}
              cohorts={cohorts.data}
              domains={invite.allowedEmailDomains}
              onRevoke={() => revoke.mutateAsync(invite.id)}
            />
          ))}
        </ul>
      )}
      <SecretDialog
        secret={link ? { value: link } : null}
        title="Your new invite link"
        label="Invite link"
        onDone={() => setLink(null)}
      />
    </Panel>
  )
}

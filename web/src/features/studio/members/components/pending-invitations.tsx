// The school's pending invitations, for owners: who was invited, as what, and a way to cancel. An invitation stays
// pending until the invitee accepts it in their studio.
import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import { useCancelInvitation } from '../api/members.mutations'
import { memberQueries } from '../api/members.queries'
import { roleLabels } from './role-select'

const sentAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function PendingInvitations({ schoolId }: { schoolId: string }) {
  const { data: invitations } = useSuspenseQuery(memberQueries.invitations(schoolId))
  const cancel = useCancelInvitation(schoolId)
  const [error, setError] = useState<string | null>(null)
  if (invitations.length === 0) return null

  return (
    <section aria-labelledby="pending-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
        Pending invitations
      </h2>
      <ul className="divide-y divide-slate-200">
        {invitations.map((invitation) => (
          <li key={invitation.email} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <p className="min-w-0 flex-1 basis-48 break-all text-slate-900">{invitation.email}</p>
            <span className="text-sm text-slate-600">
              {roleLabels[invitation.role]} · sent {sentAt.format(new Date(invitation.created_at))}
            </span>
            <Button
              variant="outline"
              disabled={cancel.isPending}
              aria-label={`Cancel the invitation to ${invitation.email}`}
              onClick={() => {
                setError(null)
                cancel.mutate(invitation.email, { onError: (e) => setError(errorMessage(e)) })
              }}
            >
              Cancel
            </Button>
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  )
}

// Invitations to teach, on /studio: each school that invited my (confirmed) address, with the role offered, to
// accept (I join and the school appears below) or decline. Nothing shows when there are none or they cannot be read.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { MailOpen } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useAcceptInvitation, useDeclineInvitation } from '../api/members.mutations'
import { memberQueries } from '../api/members.queries'
import { memberErrorMessage } from '../lib/member-errors'
import { roleLabels } from './role-select'

export function MyInvitations({ userId, email }: { userId: string; email: string }) {
  const { data: invitations, error: loadError } = useQuery(memberQueries.mine(email))
  const accept = useAcceptInvitation(userId, email)
  const decline = useDeclineInvitation(email)
  const [error, setError] = useState<string | null>(null)
  const busy = accept.isPending || decline.isPending

  if (loadError) {
    return <Alert tone="error">We could not check for invitations to teach. Reload the page to try again.</Alert>
  }
  if (!invitations || invitations.length === 0) return null

  return (
    <section
      aria-labelledby="my-invitations-heading"
      className="flex flex-col gap-3 rounded-xl border border-teal-200 bg-teal-50 p-5"
    >
      <h2 id="my-invitations-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MailOpen aria-hidden="true" className="size-5 text-teal-800" />
        Invitations to teach
      </h2>
      <ul className="flex flex-col gap-3">
        {invitations.map((invitation) => (
          <li key={invitation.school_id} className="flex flex-wrap items-center gap-3">
            <p className="min-w-0 flex-1 basis-48 text-slate-900">
              <strong>{invitation.school_name}</strong> invited you to join as{' '}
              {roleLabels[invitation.role].toLowerCase()}.
            </p>
            <Button
              disabled={busy}
              aria-label={`Accept the invitation from ${invitation.school_name}`}
              onClick={() => {
                setError(null)
                accept.mutate(invitation.school_id, { onError: (e) => setError(memberErrorMessage('accept', e)) })
              }}
            >
              Accept
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              aria-label={`Decline the invitation from ${invitation.school_name}`}
              onClick={() => {
                setError(null)
                decline.mutate(invitation.school_id, { onError: (e) => setError(memberErrorMessage('accept', e)) })
              }}
            >
              Decline
            </Button>
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  )
}

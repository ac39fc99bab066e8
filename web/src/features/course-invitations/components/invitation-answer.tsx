// Accept and Decline for one course invitation, with the refusal said beside them. Accepting calls onAccepted with
// the course's slug (the caller links to it); declining removes the invitation from my list. The answer is awaited
// as a promise, not through mutate's callbacks: these buttons leave the page as the answered invitation leaves the
// list, and the caller must still hear of it.
import { useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { CourseInvitation } from '../api/invitations.api'
import { useAcceptCourseInvitation, useDeclineCourseInvitation } from '../api/invitations.mutations'
import { invitationErrorMessage } from './invitation-errors'

interface InvitationAnswerProps {
  userId: string
  invitation: CourseInvitation
  onAccepted: (slug: string) => void
  onDeclined?: () => void
}

export function InvitationAnswer({ userId, invitation, onAccepted, onDeclined }: InvitationAnswerProps) {
  const accept = useAcceptCourseInvitation(userId)
  const decline = useDeclineCourseInvitation(userId)
  const [error, setError] = useState<string | null>(null)
  const busy = accept.isPending || decline.isPending

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy}
          aria-label={`Accept the invitation to ${invitation.course_title}`}
          onClick={() => {
            setError(null)
            accept.mutateAsync(invitation.id).then(
              (accepted) => onAccepted(accepted.course_slug),
              (e: unknown) => setError(invitationErrorMessage(e)),
            )
          }}
        >
          {accept.isPending ? 'Joining…' : 'Accept'}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          aria-label={`Decline the invitation to ${invitation.course_title}`}
          onClick={() => {
            setError(null)
            decline.mutate(invitation.id, {
              onSuccess: onDeclined,
              onError: (e) => setError(invitationErrorMessage(e)),
            })
          }}
        >
          Decline
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  )
}

// The sentence for a refused answer to a course invitation: one that is gone (cancelled, answered already, or sent
// to another address: the database answers all alike) is said plainly; anything else as the app says errors.
import { errorCode, errorMessage } from '@/lib/errors'

export const invitationGone =
  'This invitation is no longer open: it was cancelled or answered already, or it was sent to another email address.'

export function invitationErrorMessage(error: unknown): string {
  return errorCode(error) === 'invite_invalid' ? invitationGone : errorMessage(error)
}

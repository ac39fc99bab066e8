// Sentences for what the members page can be refused, by the database's calls or the invite-member function: a
// missing second factor is explained (two-factor sign-in arrives with account security, M4), the last owner rule
// and other field refusals use the database's own sentence, everything else the app's catalogue.
import { errorCode, errorFields, errorMessage } from '@/lib/errors'

export type MemberAction = 'remove' | 'leave' | 'role' | 'invite' | 'accept'

const aal2: Record<MemberAction, string> = {
  remove:
    'Removing a member needs two-factor sign-in. Sign in with a second factor (an authenticator app or a passkey) and try again; setting one up comes to your account page soon.',
  leave:
    'Leaving a school needs two-factor sign-in. Sign in with a second factor (an authenticator app or a passkey) and try again; setting one up comes to your account page soon.',
  role: 'Changing an owner’s role needs two-factor sign-in, as removing them does. Sign in with a second factor (an authenticator app or a passkey) and try again; setting one up comes to your account page soon.',
  invite: 'Inviting members needs two-factor sign-in.',
  accept: 'Accepting this invitation needs two-factor sign-in.',
}

const forbidden: Record<MemberAction, string> = {
  remove: 'Only the school’s owners can remove members.',
  leave: 'You are no longer a member of this school.',
  role: 'Only the school’s owners can change roles.',
  invite: 'Only the school’s owners can invite members.',
  accept: 'This invitation was cancelled, or it was sent to another email address.',
}

export function memberErrorMessage(action: MemberAction, error: unknown): string {
  const code = errorCode(error)
  if (code === 'aal2_required') return aal2[action]
  if (code === 'forbidden') return forbidden[action]
  if (code === 'validation_failed') {
    const fields = errorFields(error)
    const first = fields.role ?? fields.user_id ?? fields.email ?? Object.values(fields)[0]
    if (first) return first
  }
  if (code === 'rate_limited' && error instanceof Error) return error.message
  return errorMessage(error)
}

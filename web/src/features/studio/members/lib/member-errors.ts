// Sentences for what the members page can be refused, by the database's calls or the invite-member function: a
// missing second factor is explained (shown when the step-up dialog was cancelled), the last owner rule,
// other field refusals and the invitation limits use the server's own sentence, everything else the app's catalogue.
import { errorCode, errorFields, errorMessage } from '@/lib/errors'

export type MemberAction = 'remove' | 'leave' | 'role' | 'invite' | 'accept'

const aal2: Record<MemberAction, string> = {
  remove:
    'Removing a member needs two-factor sign-in. Try again and confirm with your authenticator app or a passkey when asked; if you have neither, set one up on your account page.',
  leave:
    'Leaving a school needs two-factor sign-in. Try again and confirm with your authenticator app or a passkey when asked; if you have neither, set one up on your account page.',
  role: 'Making someone an owner, or changing an owner’s role, needs two-factor sign-in, as removing them does. Try again and confirm with your authenticator app or a passkey when asked; if you have neither, set one up on your account page.',
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
  // The daily invitation limit and the project's email budget each say what happened and when to try again; the
  // catalogue's rate_limited sentence is about wrong access codes.
  if (code === 'rate_limited') return serverSentence(error) ?? rateLimited
  return errorMessage(error)
}

const rateLimited = 'Too many invitations were sent. Try again later.'

/** The sentence of a MemberError, a PostgREST error or a function's `{ error: { message } }` body. */
function serverSentence(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { message, error: inner } = error as { message?: unknown; error?: { message?: unknown } }
  const sentence = typeof message === 'string' ? message : inner?.message
  return typeof sentence === 'string' && sentence !== '' ? sentence : undefined
}

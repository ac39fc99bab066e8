// The database's refusals of a course state change, as sentences for the publishing panel: a title saying what
// stopped the change and a sentence saying what to do.
import { errorCode, errorFields, errorMessage } from '@/lib/errors'

export interface StatusRefusal {
  title: string
  message: string
}

export function statusErrorMessage(error: unknown): StatusRefusal {
  const code = errorCode(error)
  if (code === 'aal2_required') {
    return {
      title: 'Two-factor sign-in needed',
      message:
        'Archiving a course needs a sign-in confirmed with a second factor. Archive again and confirm with your ' +
        'authenticator app or a passkey when asked; if you have neither, set one up on your account page.',
    }
  }
  if (code === 'validation_failed') {
    const fields = errorFields(error)
    if (fields.status) return { title: 'The course stays published', message: fields.status }
    const messages = Object.values(fields)
    if (messages.length > 0) return { title: 'The course cannot change state yet', message: messages.join(' ') }
  }
  return { title: 'The course’s state did not change', message: errorMessage(error) }
}

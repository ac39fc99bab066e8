// The database's refusals of a course state change, as sentences for the publishing panel.
import { errorCode, errorFields, errorMessage } from '@/lib/errors'

export function statusErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === 'aal2_required') {
    return 'Archiving needs two-factor verification — set it up on your account when available.'
  }
  if (code === 'validation_failed') {
    const fields = Object.values(errorFields(error))
    if (fields.length > 0) return fields.join(' ')
  }
  return errorMessage(error)
}

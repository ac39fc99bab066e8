// What the delete dialog says when account-delete refuses. The last-owner refusal carries the server's own sentence
// (it names the school), so that one is shown as sent; everything else goes through the app's error sentences.
import { errorCode, errorFields, errorMessage } from '@/lib/errors'

function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('error' in error)) return undefined
  const body = (error as { error: unknown }).error
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined
  const message = (body as { message: unknown }).message
  return typeof message === 'string' && message.trim() !== '' ? message : undefined
}

export function describeDeleteError(error: unknown): string {
  switch (errorCode(error)) {
    case 'forbidden':
      return serverMessage(error) ?? 'Your account cannot be deleted right now.'
    case 'validation_failed':
      return errorFields(error).confirmation ?? 'Type your email address exactly as shown to confirm.'
    case 'aal2_required':
      return 'Confirm it’s you with your second factor to delete your account.'
    default:
      return errorMessage(error)
  }
}

// Sentences for the Auth refusals only this section meets (codes, factor names, passkey ceremonies);
// everything else goes through the app's errorMessage.
import { errorCode, errorMessage } from '@/lib/errors'

const messages: Record<string, string> = {
  mfa_verification_failed: 'That code is not right. Check the app and type the 6-digit code it shows now.',
  mfa_challenge_expired: 'That took too long. Type the code your app shows now.',
  // 10 wrong codes within 15 minutes (the MFA verification attempt hook); Auth also ends every session then.
  mfa_verification_rejected: 'Too many wrong codes, so we signed you out. Wait 15 minutes, then sign in again.',
  mfa_factor_name_conflict: 'You already have an authenticator app with this name. Choose another name.',
  too_many_enrolled_mfa_factors: 'You have as many authenticator apps as an account can have. Remove one first.',
  insufficient_aal: 'Confirm it’s you with your second factor before doing this.',
  reauthentication_not_valid: 'That code is not right or has expired. Check the email, or send a new code.',
  reauthentication_needed: 'Confirm the change with the code we emailed you.',
  weak_password: 'Choose a password of at least 8 characters.',
  same_password: 'Choose a password different from your current one.',
  too_many_passkeys: 'You have as many passkeys as an account can have. Remove one first.',
  webauthn_credential_exists: 'This device already has a passkey for your account.',
  webauthn_challenge_expired: 'That took too long. Try adding the passkey again.',
  ERROR_CEREMONY_ABORTED: 'Adding the passkey was cancelled.',
  NotAllowedError: 'Adding the passkey was cancelled or timed out. Try again when you’re ready.',
  InvalidStateError: 'This device already has a passkey for your account.',
}

export function securityErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (code && messages[code]) return messages[code]
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''
  const cause =
    typeof error === 'object' && error !== null && 'cause' in error && error.cause instanceof Error
      ? error.cause.name
      : ''
  return messages[name] ?? messages[cause] ?? errorMessage(error)
}

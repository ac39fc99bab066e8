// Sentences for the refusals a second-factor screen can meet, on top of the app's catalogue (lib/errors.ts):
// a wrong or reused TOTP code, too many of them, an expired challenge, a cancelled or failed passkey ceremony.
import { errorCode, errorMessage } from '@/lib/errors'

const messages: Record<string, string> = {
  mfa_verification_failed: 'That code didn’t work. Enter the 6-digit code your authenticator app shows now.',
  mfa_challenge_expired: 'That took a little too long. Enter the code your authenticator app shows now.',
  // 10 wrong codes within 15 minutes (the MFA verification attempt hook); Auth also ends every session then.
  mfa_verification_rejected:
    'Too many wrong codes, so we signed you out to keep your account safe. Wait 15 minutes, then sign in again.',
  mfa_factor_not_found: 'This authenticator is no longer set up for your account. Reload the page.',
  insufficient_aal: 'Confirm it’s you with your second factor before doing this.',
  passkey_other_account: 'That passkey belongs to another account. Choose a passkey saved for this account.',
  webauthn_challenge_expired: 'That took a little too long. Try your passkey again.',
  webauthn_verification_failed: 'We couldn’t verify that passkey. Try again, or use another sign-in method.',
  ERROR_CEREMONY_ABORTED: 'The passkey prompt was closed. Try again when you’re ready.',
  code_invalid: 'That recovery code didn’t work. Check it, or try another one: each code works once.',
  rate_limited: 'Too many wrong recovery codes. Wait up to an hour, then try again.',
}

export function mfaErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (code && messages[code]) return messages[code]
  // The browser's WebAuthn refusals (the user closed the prompt, no passkey on this device).
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'WebAuthnError')) {
    return 'The passkey prompt was closed or no passkey was chosen. Try again when you’re ready.'
  }
  return errorMessage(error)
}

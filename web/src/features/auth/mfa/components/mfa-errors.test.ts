// The second-factor screen's sentences: Auth's refusals by code, the browser's WebAuthn refusals by name.
import { AuthApiError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { mfaErrorMessage } from './mfa-errors'

describe('mfaErrorMessage', () => {
  it('says a wrong code is wrong, and that too many of them signed the user out for 15 minutes', () => {
    expect(mfaErrorMessage(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'))).toBe(
      'That code didn’t work. Enter the 6-digit code your authenticator app shows now.',
    )
    expect(
      mfaErrorMessage(
        new AuthApiError('Too many wrong codes. Try again in 15 minutes.', 403, 'mfa_verification_rejected'),
      ),
    ).toBe('Too many wrong codes, so we signed you out to keep your account safe. Wait 15 minutes, then sign in again.')
  })

  it('names a closed passkey prompt', () => {
    const closed = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    })
    expect(mfaErrorMessage(closed)).toBe(
      'The passkey prompt was closed or no passkey was chosen. Try again when you’re ready.',
    )
  })
})

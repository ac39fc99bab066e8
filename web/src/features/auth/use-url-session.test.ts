// urlError: the error Auth puts in a link's redirect becomes a sentence (known codes) or its description.
import { describe, expect, it } from 'vitest'
import { urlError } from './use-url-session'

describe('urlError', () => {
  it('is null for a URL without an error', () => {
    expect(urlError('http://127.0.0.1:5173/auth/callback#access_token=x&type=signup')).toBeNull()
  })

  it('maps a known error_code from the fragment', () => {
    expect(
      urlError('http://x/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link'),
    ).toBe('This link has expired or was already used. Ask for a new one.')
  })

  it('shows error_description from the query when the code is unknown', () => {
    expect(urlError('http://x/auth/callback?error=server_error&error_description=Database+unavailable')).toBe(
      'Database unavailable.',
    )
  })
})

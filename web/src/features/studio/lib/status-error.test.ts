import { describe, expect, it } from 'vitest'
import { statusErrorMessage } from './status-error'

// Errors as supabase-js hands them over from PostgREST: the raised {code, message, details} as the body.
const refusal = (code: string, details: unknown = null) => ({ code, message: 'raw', details, hint: null })

describe('statusErrorMessage', () => {
  it('explains that archiving needs two-factor sign-in', () => {
    const { title, message } = statusErrorMessage(refusal('aal2_required'))
    expect(title).toBe('Two-factor sign-in needed')
    expect(message).toMatch(/second factor/)
    expect(message).toMatch(/confirm with your authenticator app or a passkey when asked/)
    expect(message).toMatch(/set one up on your account page/)
  })

  it('gives the database’s reason a course with learners cannot go back to draft', () => {
    const reason = 'A course with enrolled learners cannot go back to draft; archive it instead.'
    expect(statusErrorMessage(refusal('validation_failed', { fields: { status: reason } }))).toEqual({
      title: 'The course stays published',
      message: reason,
    })
  })

  it('lists what still blocks publishing', () => {
    const details = { fields: { curriculum: 'Add at least one section with at least one lesson.' } }
    expect(statusErrorMessage(refusal('validation_failed', details)).message).toBe(
      'Add at least one section with at least one lesson.',
    )
  })

  it('says something readable for anything else', () => {
    expect(statusErrorMessage(new TypeError('Failed to fetch')).message).toBe(
      'We could not reach Summit. Check your connection and try again.',
    )
  })
})

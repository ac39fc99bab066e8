// The delete dialog's refusal sentences, from the bodies account-delete answers (PRODUCT.md §8).
import { describe, expect, it } from 'vitest'
import { describeDeleteError } from './delete-error'

describe('describeDeleteError', () => {
  it("shows the server's sentence naming the school for the last-owner refusal", () => {
    const body = {
      error: { code: 'forbidden', message: 'You are the last owner of Summit Academy. Add another owner first.' },
    }
    expect(describeDeleteError(body)).toBe('You are the last owner of Summit Academy. Add another owner first.')
  })

  it('falls back to a general sentence when a refusal has no message', () => {
    expect(describeDeleteError({ error: { code: 'forbidden' } })).toBe('Your account cannot be deleted right now.')
  })

  it("uses the confirmation field's message for a mismatch", () => {
    const body = { error: { code: 'validation_failed', message: 'x', fields: { confirmation: 'Type your email.' } } }
    expect(describeDeleteError(body)).toBe('Type your email.')
    expect(describeDeleteError({ error: { code: 'validation_failed' } })).toBe(
      'Type your email address exactly as shown to confirm.',
    )
  })

  it('asks for the second factor when step-up was cancelled', () => {
    expect(describeDeleteError({ error: { code: 'aal2_required', message: 'aal2' } })).toMatch(/second factor/)
  })

  it('turns anything else into the app sentence, never a stack trace', () => {
    expect(describeDeleteError(new TypeError('Failed to fetch'))).toBe(
      'We could not reach Summit. Check your connection and try again.',
    )
    expect(describeDeleteError({ status: 500 })).toMatch(/having trouble/)
  })
})

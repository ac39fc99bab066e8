import { describe, expect, it } from 'vitest'
import { placePlanError } from './plan-errors'

describe('placePlanError', () => {
  it('puts the server fields map next to the form fields', () => {
    const error = {
      code: 'validation_failed',
      message: 'Some of the details are not valid.',
      details: JSON.stringify({ fields: { days_of_week: 'Pick at least one day of the week.', minutes: 'Too long' } }),
    }
    expect(placePlanError(error)).toEqual({
      fields: { days: 'Pick at least one day of the week.', minutes: 'Too long' },
      form: null,
    })
  })

  it('makes any other failure a sentence for the form', () => {
    expect(placePlanError(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      form: 'We could not reach Summit. Check your connection and try again.',
    })
    expect(placePlanError({ code: 'forbidden', message: 'x' }).form).toBe("You don't have access to this.")
  })
})

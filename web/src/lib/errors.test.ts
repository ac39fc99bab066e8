// errorMessage: every error shape the app meets becomes a sentence, never a raw message or stack.
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { errorCode, errorFields, errorMessage, functionHttpResponse } from './errors'

describe('errorMessage', () => {
  it('reads the code of PostgREST and Auth errors (error.code)', () => {
    expect(errorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'The email or password is incorrect.',
    )
    expect(errorMessage({ code: 'lesson_locked', message: 'Finish x first' })).toBe('This lesson is locked for now.')
  })

  it('reads the code of edge function bodies (error.error.code)', () => {
    expect(errorMessage({ error: { code: 'enrollment_closed', message: 'closed' } })).toBe(
      'This course is not taking new learners right now.',
    )
  })

  it('turns network failures, rate limits and server errors into sentences', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/could not reach Summit/)
    // What postgrest-js answers (not throws) when fetch fails: the fetch error folded into a message, no code.
    const restFailure = { message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' }
    expect(errorMessage(restFailure)).toMatch(/could not reach Summit/)
    expect(errorMessage({ status: 429, message: 'x' })).toMatch(/Too many attempts/)
    expect(errorMessage({ status: 503, message: 'x' })).toMatch(/having trouble/)
  })

  it('falls back to a generic sentence rather than showing an unknown message', () => {
    expect(errorMessage(new Error('relation "x" does not exist'))).toBe('Something went wrong. Please try again.')
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.')
  })
})

describe('errorCode and errorFields', () => {
  it('finds the code in each shape', () => {
    expect(errorCode({ error: { code: 'forbidden' } })).toBe('forbidden')
    expect(errorCode({ error_code: 'otp_expired' })).toBe('otp_expired')
    expect(errorCode('nope')).toBeUndefined()
  })

  it('reads validation fields from function bodies and PostgREST details', () => {
    expect(errorFields({ error: { code: 'validation_failed', fields: { slug: 'Too short' } } })).toEqual({
      slug: 'Too short',
    })
    expect(errorFields({ code: 'validation_failed', details: '{"fields":{"position_s":"Must be ≥ 0"}}' })).toEqual({
      position_s: 'Must be ≥ 0',
    })
    expect(errorFields({ code: 'x', details: 'free text' })).toEqual({})
  })
})

describe('functionHttpResponse', () => {
  it("gives the Response of supabase-js's FunctionsHttpError, and nothing for any other error", () => {
    const response = new Response('{"error":{"code":"forbidden"}}', { status: 403 })
    expect(functionHttpResponse(new FunctionsHttpError(response))).toBe(response)
    expect(functionHttpResponse(new FunctionsRelayError(new Response(null, { status: 502 })))).toBeUndefined()
    expect(functionHttpResponse({ name: 'FunctionsHttpError', context: response })).toBeUndefined()
    expect(functionHttpResponse(new Error('Failed to fetch'))).toBeUndefined()
  })
})

// Refused enrollments as sentences: the catalogue codes of §8, a removal, and the wait after too many codes.
import { describe, expect, it } from 'vitest'
import { EnrollError } from '../api/enroll.api'
import { enrollErrorMessage, formatWait } from './enroll-error'

const refusal = (code: string, status: number, retryAfterS?: number) =>
  new EnrollError(code, `server words for ${code}`, status, { retryAfterS })

describe('enrollErrorMessage', () => {
  it.each([
    ['invite_invalid', 404, /invite link doesn't work/],
    ['invite_expired', 410, /has expired\. Ask the instructor for a new one/],
    ['invite_used_up', 409, /already been used as often as it allows/],
    ['email_domain_not_allowed', 403, /only for certain email addresses/],
    ['code_invalid', 400, /That code didn't work/],
    ['rate_limited', 429, /Too many wrong codes\. Wait up to an hour/],
    ['enrollment_closed', 403, /not taking new learners/],
    ['forbidden', 403, /You were removed from this course/],
    ['not_signed_in', 401, /sign in/i],
    ['course_not_found', 404, /couldn't find this course/],
  ])('turns %s into a sentence, not the server message', (code, status, sentence) => {
    const message = enrollErrorMessage(refusal(code, status))
    expect(message).toMatch(sentence)
    expect(message).not.toContain('server words')
  })

  it('says how long to wait when Retry-After was readable', () => {
    expect(enrollErrorMessage(refusal('rate_limited', 429, 1800))).toBe(
      'Too many wrong codes. Try again in 30 minutes.',
    )
  })
})

describe('formatWait', () => {
  it('rounds up to whole minutes, or seconds under a minute', () => {
    expect(formatWait(1)).toBe('1 second')
    expect(formatWait(45)).toBe('45 seconds')
    expect(formatWait(60)).toBe('1 minute')
    expect(formatWait(61)).toBe('2 minutes')
    expect(formatWait(3600)).toBe('60 minutes')
  })
})

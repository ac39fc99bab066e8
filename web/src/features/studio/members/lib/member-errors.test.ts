// Tests of the members page's refusal sentences: aal2 explained per action, the database's field sentence for the
// last-owner rule, forbidden per action, the server's sentence for the invitation limits, and the app's catalogue
// for the rest (network included).
import { describe, expect, it } from 'vitest'
import { MemberError } from '../api/members.api'
import { memberErrorMessage } from './member-errors'

const lastOwner = 'A school needs at least one owner. Make another member an owner first.'

describe('memberErrorMessage', () => {
  it('explains that removing a member needs two-factor sign-in', () => {
    const error = { code: 'aal2_required', message: 'Removing a member needs a session verified with a second factor.' }
    expect(memberErrorMessage('remove', error)).toMatch(/^Removing a member needs two-factor sign-in\./)
    expect(memberErrorMessage('leave', error)).toMatch(/^Leaving a school needs two-factor sign-in\./)
  })

  it('shows the last-owner rule from the fields the database sends (PostgREST details as text or object)', () => {
    const asText = {
      code: 'validation_failed',
      message: lastOwner,
      details: JSON.stringify({ fields: { role: lastOwner } }),
    }
    const asObject = { code: 'validation_failed', message: lastOwner, details: { fields: { role: lastOwner } } }
    expect(memberErrorMessage('role', asText)).toBe(lastOwner)
    expect(memberErrorMessage('leave', asObject)).toBe(lastOwner)
  })

  it('names who may do what when forbidden', () => {
    expect(memberErrorMessage('role', { code: 'forbidden' })).toBe('Only the school’s owners can change roles.')
    expect(memberErrorMessage('invite', { error: { code: 'forbidden' } })).toBe(
      'Only the school’s owners can invite members.',
    )
  })

  it('falls back to the app catalogue, including an unreachable API', () => {
    expect(memberErrorMessage('remove', new TypeError('Failed to fetch'))).toBe(
      'We could not reach Summit. Check your connection and try again.',
    )
    expect(memberErrorMessage('invite', { code: 'validation_failed' })).toBe(
      'Some of the details are not valid. Check the form and try again.',
    )
  })

  it('shows the invitation limits as the server words them, and a sentence of its own without one', () => {
    const daily = 'You can send up to 50 invitations a day. Try again later.'
    expect(memberErrorMessage('invite', new MemberError('rate_limited', daily, 429))).toBe(daily)
    const budget = 'Too many emails were sent in the last hour. The invitation is saved; try sending it again later.'
    expect(memberErrorMessage('invite', { error: { code: 'rate_limited', message: budget } })).toBe(budget)
    expect(memberErrorMessage('invite', { code: 'rate_limited' })).toBe(
      'Too many invitations were sent. Try again later.',
    )
  })
})

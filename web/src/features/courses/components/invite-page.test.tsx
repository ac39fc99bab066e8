// The invite page by the link's state: a valid link asks visitors to sign in or sign up and come back to this very
// page; expired, used-up and closed links say so and offer no way to accept; cohort, expiry and domains are shown.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { InvitePreview } from '../api/invite.api'
import { renderWithRouter } from '@/testing/render-with-router'
import { InvitePage } from './invite-page'

const token = 'summit-demo-invite-design-systems-studio-01'
const back = `redirect=%2Finvite%2F${token}`

function preview(overrides: Partial<InvitePreview> = {}): InvitePreview {
  return {
    course: {
      id: 'c',
      slug: 'design-systems-studio',
      title: 'Design Systems Studio',
      subtitle: 'Tokens to components',
      cover_path: null,
      school: { name: 'Summit Academy' },
    },
    cohort: null,
    state: 'valid',
    expires_at: '2027-02-01T00:00:00Z',
    allowed_email_domains: null,
    ...overrides,
  }
}

describe('InvitePage', () => {
  it('shows the course and asks a visitor to sign in or sign up, then come back here', async () => {
    await renderWithRouter(<InvitePage token={token} preview={preview()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Design Systems Studio' })).toBeTruthy()
    expect(screen.getByText('Summit Academy invites you to a course')).toBeTruthy()
    expect(screen.getByText(/This link works until/)).toBeTruthy()
    const signIn = await screen.findByRole('link', { name: 'Sign in to accept' })
    expect(signIn.getAttribute('href')).toBe(`/auth/sign-in?${back}`)
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/auth/sign-up?${back}`)
  })

  it('names the cohort and the email domains the invite is for', async () => {
    await renderWithRouter(
      <InvitePage
        token={token}
        preview={preview({
          cohort: { name: 'Spring cohort', starts_at: '2027-03-01T09:00:00Z' },
          allowed_email_domains: ['acme.test', 'acme.example'],
        })}
      />,
    )
    expect(screen.getByText(/You will join the group “Spring cohort”, starting/)).toBeTruthy()
    expect(screen.getByText(/email address at acme\.test or acme\.example/)).toBeTruthy()
  })

  it.each([
    ['expired', 'This invite link has expired'],
    ['used_up', 'This invite link has been used up'],
    ['closed', 'This course is closed'],
  ] as const)('says a %s link cannot be used and offers no way to accept', async (state, title) => {
    await renderWithRouter(<InvitePage token={token} preview={preview({ state })} />)
    expect(screen.getByRole('alert').textContent).toContain(title)
    expect(screen.getByText(/Ask the instructor|not taking new learners/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the course' }).getAttribute('href')).toBe(
      '/courses/design-systems-studio',
    )
  })
})

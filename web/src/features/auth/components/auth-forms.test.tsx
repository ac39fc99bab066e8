// The auth forms validate next to each field (linked with aria-describedby), focus the first problem,
// and turn Auth's errors into sentences.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { supabase } from '@/lib/supabase'
import { NewPasswordForm } from './new-password-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

afterEach(() => {
  vi.restoreAllMocks()
})

function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

function authError(code: string, status: number) {
  return Object.assign(new Error(code), { name: 'AuthApiError', code, status, __isAuthError: true })
}

describe('sign-in form', () => {
  it('explains empty fields next to them and focuses the first', async () => {
    render(<SignInForm onSignedIn={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(describedBy(email)).toContain('Enter your email address.'))
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(screen.getByLabelText('Password'))).toContain('Enter your password.')
    expect(document.activeElement).toBe(email)
  })

  it('rejects a malformed email before calling Auth', async () => {
    const signIn = vi.spyOn(supabase.auth, 'signInWithPassword')
    render(<SignInForm onSignedIn={() => {}} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(describedBy(screen.getByLabelText('Email'))).toContain('Enter a valid email address'))
    expect(signIn).not.toHaveBeenCalled()
  })

  it.each([
    ['invalid_credentials', 400, 'The email or password is incorrect.'],
    ['email_not_confirmed', 400, 'Confirm your email address first'],
    ['over_request_rate_limit', 429, 'Too many attempts'],
  ])('shows Auth error %s as a sentence', async (code, status, sentence) => {
    vi.spyOn(supabase.auth, 'signInWithPassword').mockResolvedValue({
      data: { user: null, session: null },
      error: authError(code, status),
    } as never)
    const onSignedIn = vi.fn()
    render(<SignInForm onSignedIn={onSignedIn} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect((await screen.findByRole('alert')).textContent).toContain(sentence)
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('asks for the email before sending a sign-in link', async () => {
    const otp = vi.spyOn(supabase.auth, 'signInWithOtp')
    render(<SignInForm onSignedIn={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
    await waitFor(() => expect(describedBy(screen.getByLabelText('Email'))).toContain('Enter your email address.'))
    expect(otp).not.toHaveBeenCalled()
  })
})

describe('sign-up form', () => {
  it('requires a name and a password of at least 8 characters', async () => {
    const signUp = vi.spyOn(supabase.auth, 'signUp')
    render(<SignUpForm onSignedUp={() => {}} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(describedBy(screen.getByLabelText('Password'))).toContain('Use at least 8 characters.'))
    expect(describedBy(screen.getByLabelText('Your name'))).toContain('Enter your name.')
    expect(signUp).not.toHaveBeenCalled()
  })

  it('sends name and time zone as sign-up metadata and reports the address', async () => {
    const signUp = vi
      .spyOn(supabase.auth, 'signUp')
      .mockResolvedValue({ data: { user: null, session: null }, error: null } as never)
    const onSignedUp = vi.fn()
    render(<SignUpForm redirect="/account" onSignedUp={onSignedUp} />)
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '  Ada  ' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ada@example.com', false))
    const options = signUp.mock.calls[0]?.[0] as { options: { data: unknown; emailRedirectTo: string } }
    expect(options.options.data).toMatchObject({ display_name: 'Ada' })
    expect(options.options.emailRedirectTo).toBe(`${window.location.origin}/auth/callback?redirect=%2Faccount`)
  })

  it('puts an existing-account error next to the email', async () => {
    vi.spyOn(supabase.auth, 'signUp').mockResolvedValue({
      data: { user: null, session: null },
      error: authError('user_already_exists', 422),
    } as never)
    render(<SignUpForm onSignedUp={() => {}} />)
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Ada' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(describedBy(screen.getByLabelText('Email'))).toContain('already exists'))
  })
})

describe('new password form', () => {
  it('asks for the same password twice', async () => {
    render(<NewPasswordForm onChanged={() => {}} />)
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } })
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'long-enougj' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }))
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('Confirm new password'))).toContain('The two passwords do not match.'),
    )
  })
})

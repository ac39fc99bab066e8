// The delete dialog stays locked until the account's email is typed exactly, and a locked form sends nothing.
import { fireEvent, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import * as privacyApi from '../api/privacy.api'
import { confirmsDeletion, DeleteAccountDialog } from './delete-account-dialog'

const email = 'ada@example.com'

function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteAccountDialog email={email} guard={(act) => act()} onDeleted={() => {}} />
    </QueryClientProvider>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }))
  return {
    dialog: screen.getByRole('alertdialog', { name: 'Delete your account?' }),
    input: screen.getByLabelText('Type your email address to confirm'),
    confirm: screen.getByRole<HTMLButtonElement>('button', { name: 'Delete my account for good' }),
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('confirmsDeletion', () => {
  it('accepts the email exactly, ignoring surrounding spaces only', () => {
    expect(confirmsDeletion(email, email)).toBe(true)
    expect(confirmsDeletion(`  ${email} `, email)).toBe(true)
    expect(confirmsDeletion('Ada@example.com', email)).toBe(false)
    expect(confirmsDeletion('ada@example', email)).toBe(false)
    expect(confirmsDeletion('', '')).toBe(false)
  })
})

describe('delete account dialog', () => {
  it('says what goes and what can block the deletion', () => {
    const { dialog } = openDialog()
    expect(dialog.textContent).toContain('your certificates: their codes stop verifying')
    expect(dialog.textContent).toContain('only owner of a school')
    expect(dialog.textContent).toContain(email)
  })

  it('keeps the delete button disabled until the email is typed exactly', () => {
    const { input, confirm } = openDialog()
    expect(confirm.disabled).toBe(true)
    fireEvent.change(input, { target: { value: 'ada@example.co' } })
    expect(confirm.disabled).toBe(true)
    fireEvent.change(input, { target: { value: 'ADA@example.com' } })
    expect(confirm.disabled).toBe(true)
    fireEvent.change(input, { target: { value: email } })
    expect(confirm.disabled).toBe(false)
    fireEvent.change(input, { target: { value: `${email}x` } })
    expect(confirm.disabled).toBe(true)
  })

  it('sends nothing when the form is submitted with the wrong email', () => {
    const remove = vi.spyOn(privacyApi, 'deleteAccount')
    const { input } = openDialog()
    fireEvent.change(input, { target: { value: 'someone@example.com' } })
    fireEvent.submit(input.closest('form')!)
    expect(remove).not.toHaveBeenCalled()
  })

  it('starts over with an empty field when reopened', () => {
    const { input } = openDialog()
    fireEvent.change(input, { target: { value: email } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }))
    expect(screen.getByLabelText<HTMLInputElement>('Type your email address to confirm').value).toBe('')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete my account for good' }).disabled).toBe(true)
  })
})

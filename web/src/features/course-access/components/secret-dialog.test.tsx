// The shown-once dialog: the secret is copied with the Clipboard API, or selected for Ctrl+C where the browser
// refuses; "Done" hands it back (the panel then forgets it, and nothing can show it again).
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SecretDialog } from './secret-dialog'

const link = 'https://summit.example/invite/tokentokentokentokentokentokentokentokent'

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined })
}

afterEach(() => {
  setClipboard(undefined)
  vi.restoreAllMocks()
})

describe('SecretDialog', () => {
  it('copies the secret and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    setClipboard(writeText)
    render(<SecretDialog secret={{ value: link }} title="Your new invite link" label="Invite link" onDone={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Your new invite link' }).textContent).toMatch(/only time it is shown/)
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' }).value).toBe(link)
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await screen.findByText('Copied to the clipboard.')
    expect(writeText).toHaveBeenCalledWith(link)
  })

  it('selects the secret for Ctrl+C when the browser refuses to copy', async () => {
    setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    render(<SecretDialog secret={{ value: link }} title="Your new invite link" label="Invite link" onDone={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await screen.findByText(/press Ctrl\+C/)
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' })
    expect(document.activeElement).toBe(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length])
  })

  it('spells an access code for reading aloud and hands back on Done', async () => {
    const onDone = vi.fn()
    render(
      <SecretDialog
        secret={{ value: 'QUER-Y234', spelled: 'Q U E R, Y 2 3 4' }}
        title="Your new access code"
        label="Access code"
        onDone={onDone}
      />,
    )
    expect(
      screen.getByRole('textbox', { name: 'Access code', description: 'Read aloud: Q U E R, Y 2 3 4' }),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
  })
})

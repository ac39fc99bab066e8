// The composer: what is typed is kept as a draft until it is sent; the database's refusals (too long, too many an
// hour) show next to the field in its own words; a network failure keeps the text and says so above the form.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { readDraft, writeDraft } from '@/lib/drafts'
import { Composer } from './composer'

const schema = z.string().check(z.refine((t) => t.trim().length > 0, 'Write something first.'))

function setup(onSubmit: (text: string) => Promise<unknown>) {
  render(
    <Composer
      label="New note"
      draftKey="test:k"
      schema={schema}
      submitLabel="Save"
      busyLabel="Saving…"
      onSubmit={onSubmit}
    />,
  )
  return screen.getByRole('textbox', { name: 'New note' })
}

afterEach(() => {
  window.localStorage.clear()
  vi.restoreAllMocks()
})

describe('Composer', () => {
  it('starts from the kept draft, keeps typing as a draft, and clears both once sent', async () => {
    writeDraft('test:k', 'Half a thought')
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    const box = setup(onSubmit)
    expect(box).toHaveProperty('value', 'Half a thought')
    fireEvent.change(box, { target: { value: 'A whole thought' } })
    expect(readDraft('test:k')).toBe('A whole thought')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('A whole thought'))
    await waitFor(() => expect(box).toHaveProperty('value', ''))
    expect(readDraft('test:k')).toBe('')
  })

  it('checks the text before sending', async () => {
    const onSubmit = vi.fn()
    setup(onSubmit)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Write something first.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("shows the database's refusal next to the field and keeps the text", async () => {
    const refusal = { code: 'rate_limited', message: 'You have asked 20 questions in the last hour.', details: null }
    const box = setup(vi.fn().mockRejectedValue(refusal))
    fireEvent.change(box, { target: { value: 'One more' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('You have asked 20 questions in the last hour.')).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box).toHaveProperty('value', 'One more')
    expect(readDraft('test:k')).toBe('One more')
  })

  it('keeps the text when the network fails, and says so', async () => {
    const box = setup(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    fireEvent.change(box, { target: { value: 'Typed offline' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach Summit.*Your text is kept here/)
    expect(box).toHaveProperty('value', 'Typed offline')
  })
})

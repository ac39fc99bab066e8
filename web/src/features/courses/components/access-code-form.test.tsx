// The access-code field: typos are caught before anything is sent (with a sentence next to the field), a code is
// sent in capitals without spaces or hyphens, and the enroll function's refusals read as sentences next to the field
// (wrong or expired code, too many attempts with the wait) or above the form (removed from the course).
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { supabase } from '@/lib/supabase'
import { renderWithRouter } from '@/testing/render-with-router'
import { AccessCodeForm } from './access-code-form'

function refusal(status: number, code: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ error: { code, message: `server words for ${code}` } })
  return { data: null, error: new FunctionsHttpError(new Response(body, { status, headers })) }
}

/** The app's Functions client holds `invoke` as its own property (functions-js loads on the first call). */
function mockInvoke(answer: unknown) {
  return vi.spyOn(supabase.functions, 'invoke').mockResolvedValue(answer as never)
}

const field = () => screen.getByRole('textbox', { name: 'Access code' })

function describedBy(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

async function submit(value: string) {
  fireEvent.change(field(), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: 'Join the course' }))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('AccessCodeForm', () => {
  it.each([
    ['', 'Enter the access code your instructor gave you.'],
    ['QUERY23', 'Access codes have 8 characters; this one has 7.'],
    ['QUERY2345', 'Access codes have 8 characters; this one has 9.'],
    ['QUER-Y2O4', 'Access codes never contain 0, O, 1, I or L. Check the characters that look alike.'],
    ['QUERY23!', 'Access codes have only letters and digits.'],
  ])('refuses %j before sending it: %s', async (typed, sentence) => {
    const invoke = mockInvoke({ data: null, error: null })
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit(typed)
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(field())).toContain(sentence)
    expect(invoke).not.toHaveBeenCalled()
  })

  it('sends a code typed in lower case with a hyphen as capitals', async () => {
    const invoke = mockInvoke({
      data: {
        enrollment: { id: 'e', course_id: 'c', status: 'active', source: 'code', enrolled_at: '2026-11-24T10:00:00Z' },
        created: true,
      },
      error: null,
    })
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit(' quer-y234 ')
    await waitFor(() => expect(invoke).toHaveBeenCalledOnce())
    expect(invoke).toHaveBeenCalledWith('enroll', { body: { slug: 'sql-for-product-people', code: 'QUERY234' } })
  })

  it('says next to the field that a code is wrong or expired', async () => {
    mockInvoke(refusal(400, 'code_invalid'))
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit('ABCDEFGH')
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(field())).toContain(
      "That code didn't work. Check it and try again; if it still fails, it may have expired.",
    )
    expect(describedBy(field())).not.toContain('server words')
  })

  it('says how long to wait after too many attempts', async () => {
    mockInvoke(refusal(429, 'rate_limited', { 'Retry-After': '541' }))
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit('ABCDEFGH')
    await waitFor(() => expect(describedBy(field())).toContain('Too many wrong codes. Try again in 10 minutes.'))
  })

  it('still says to wait when the browser cannot read Retry-After', async () => {
    mockInvoke(refusal(429, 'rate_limited'))
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit('ABCDEFGH')
    await waitFor(() =>
      expect(describedBy(field())).toContain('Too many wrong codes. Wait up to an hour, then try again.'),
    )
  })

  it('explains a removal above the form, not as a problem with the code', async () => {
    mockInvoke(refusal(403, 'forbidden'))
    await renderWithRouter(<AccessCodeForm slug="sql-for-product-people" />)
    await submit('ABCDEFGH')
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('You were removed from this course'),
    )
    expect(field().getAttribute('aria-invalid')).toBeNull()
  })
})

// The details form saves valid edits on its own, keeps invalid ones back with the reason beside the field, and
// shows a conflict with an edit made elsewhere instead of overwriting it.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import * as courseApi from '../api/course.api'
import type { EditableCourse } from '../api/course.api'
import { DetailsForm } from './details-form'

const course: EditableCourse = {
  id: '00000000-0000-4000-8000-000000000001',
  school_id: '00000000-0000-4000-8000-000000000002',
  slug: 'sql-basics',
  title: 'SQL basics',
  subtitle: null,
  description_md: '',
  level: 'beginner',
  language: 'en',
  visibility: 'public',
  enrollment_mode: 'open',
  progression: 'free',
  certificate_enabled: false,
  status: 'draft',
  learner_count: 0,
  updated_at: '2026-11-24T10:00:00.000000+00:00',
}

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DetailsForm course={course} />
    </QueryClientProvider>,
  )
}

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => vi.restoreAllMocks())

describe('DetailsForm', () => {
  it('saves a valid edit after a pause, based on the version it opened, and says so', async () => {
    const save = vi.spyOn(courseApi, 'saveCourseDetails').mockResolvedValue({ kind: 'saved', version: 'v2' })
    renderForm()
    fireEvent.change(screen.getByLabelText('Subtitle'), { target: { value: 'Queries from scratch ' } })
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.anything(),
        course.id,
        { subtitle: 'Queries from scratch' },
        course.updated_at,
      ),
    )
    expect(await screen.findByText('All changes saved')).toBeTruthy()
  })

  it('previews the description with the learners’ renderer', async () => {
    vi.spyOn(courseApi, 'saveCourseDetails').mockResolvedValue({ kind: 'saved', version: 'v2' })
    renderForm()
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '## What you learn\n\n- joins' } })
    expect(await screen.findByRole('heading', { name: 'What you learn' })).toBeTruthy()
    expect(screen.getByRole('listitem').textContent).toBe('joins')
    // The edit saves on its own after a pause: let it finish here, or the unmount's flush lands in the next test.
    expect(await screen.findByText('All changes saved', undefined, { timeout: 3000 })).toBeTruthy()
  })

  it('keeps a too-short title back with the reason next to the field', async () => {
    const save = vi.spyOn(courseApi, 'saveCourseDetails').mockResolvedValue({ kind: 'saved', version: 'v2' })
    renderForm()
    const title = screen.getByLabelText('Title')
    fireEvent.change(title, { target: { value: 'ab' } })
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Give the title at least 3 characters.')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(save).not.toHaveBeenCalled()
  })

  it('shows a conflict with a choice instead of overwriting the other edit', async () => {
    vi.spyOn(courseApi, 'saveCourseDetails').mockResolvedValue({ kind: 'conflict' })
    renderForm()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'SQL basics, revised' } })
    expect(await screen.findByText('This course was changed somewhere else')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Load the saved version' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Keep my edits' })).toBeTruthy()
  })
})

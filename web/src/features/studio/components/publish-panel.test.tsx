// The publishing panel offers a learner preview of the course, says ahead of time why a course with learners stays
// out of draft, and shows the database's refusals as a title and a sentence.
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '@/testing/render-with-router'
import * as courseApi from '../api/course.api'
import type { EditableCourse } from '../api/course.api'
import { PublishPanel } from './publish-panel'

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
  status: 'published',
  learner_count: 2,
  updated_at: '2026-11-24T10:00:00.000000+00:00',
}

const ready = [
  { item: 'title', ok: true, message: null },
  { item: 'curriculum', ok: true, message: null },
] as unknown as courseApi.ChecklistItem[]

afterEach(() => vi.restoreAllMocks())

describe('PublishPanel', () => {
  it('links to the learner preview of the course page', async () => {
    vi.spyOn(courseApi, 'getPublishChecklist').mockResolvedValue(ready)
    await renderWithRouter(<PublishPanel course={course} />)
    expect(screen.getByRole('link', { name: 'Preview as learner' }).getAttribute('href')).toBe(
      '/courses/sql-basics?preview=learner',
    )
  })

  it('says a published course with learners cannot go back to draft, and shows the refusal as a sentence', async () => {
    vi.spyOn(courseApi, 'getPublishChecklist').mockResolvedValue(ready)
    const reason = 'A course with enrolled learners cannot go back to draft; archive it instead.'
    vi.spyOn(courseApi, 'setCourseStatus').mockRejectedValue({
      code: 'validation_failed',
      message: reason,
      details: { fields: { status: reason } },
    })
    await renderWithRouter(<PublishPanel course={course} />)
    expect(screen.getByText(/2 learners are enrolled, so this course cannot go back to draft/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to draft' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The course stays published')
    expect(alert.textContent).toContain(reason)
  })

  it('says in the checklist whether finishing the course earns a certificate, without blocking either way', async () => {
    vi.spyOn(courseApi, 'getPublishChecklist').mockResolvedValue(ready)
    const draft = { ...course, status: 'draft' as const, learner_count: 0 }
    const { unmount } = await renderWithRouter(<PublishPanel course={{ ...draft, certificate_enabled: true }} />)
    const on = await screen.findByRole('list', { name: 'Publishing checklist' })
    expect(on.textContent).toContain('Certificate on completion: on')
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false)
    unmount()
    await renderWithRouter(<PublishPanel course={draft} />)
    const off = await screen.findByRole('list', { name: 'Publishing checklist' })
    expect(off.textContent).toContain('Certificate on completion: off')
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('explains that archiving needs two-factor sign-in', async () => {
    vi.spyOn(courseApi, 'getPublishChecklist').mockResolvedValue(ready)
    vi.spyOn(courseApi, 'setCourseStatus').mockRejectedValue({ code: 'aal2_required', message: 'raw', details: null })
    await renderWithRouter(<PublishPanel course={course} />)
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Two-factor sign-in needed')
    expect(alert.textContent).toContain('second factor')
  })
})

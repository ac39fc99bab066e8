// The staff's bar and the learner preview's banner: the course's state in words, and links to the editor and to a
// preview of the same page or lesson; lesson links inside a preview stay in it.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PreviewModeContext } from '@/lib/courses/preview-mode'
import { renderWithRouter } from '@/testing/render-with-router'
import { LessonLink } from './lesson-link'
import { PreviewBanner } from './preview-banner'
import { StaffBar } from './staff-bar'

const course = { id: '00000000-0000-4000-8000-000000000001', slug: 'sql-basics', status: 'draft' as const }

describe('StaffBar', () => {
  it('shows a draft as Draft, with Edit in studio and a preview of the course page', async () => {
    await renderWithRouter(<StaffBar course={course} />)
    expect(screen.getByRole('region', { name: "For the course's staff" }).textContent).toContain('Course state: Draft')
    expect(screen.getByRole('link', { name: 'Edit in studio' }).getAttribute('href')).toBe(
      `/studio/courses/${course.id}`,
    )
    expect(screen.getByRole('link', { name: 'Preview as learner' }).getAttribute('href')).toBe(
      '/courses/sql-basics?preview=learner',
    )
  })

  it('previews the open lesson from the player, and names no state for a published course', async () => {
    await renderWithRouter(<StaffBar course={{ ...course, status: 'published' }} lessonId="lesson-1" />)
    expect(screen.getByRole('link', { name: 'Preview as learner' }).getAttribute('href')).toBe(
      '/learn/sql-basics/lesson-1?preview=learner',
    )
    expect(screen.queryByText(/Course state/)).toBeNull()
  })

  it('shows an archived course as Archived', async () => {
    await renderWithRouter(<StaffBar course={{ ...course, status: 'archived' }} />)
    expect(screen.getByText('Archived')).toBeTruthy()
  })
})

describe('PreviewBanner', () => {
  it('says it is a preview and leads back to the course in the studio', async () => {
    await renderWithRouter(<PreviewBanner courseId={course.id} />)
    expect(screen.getByRole('region', { name: 'You are previewing as a learner' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the studio' }).getAttribute('href')).toBe(
      `/studio/courses/${course.id}`,
    )
  })
})

describe('LessonLink', () => {
  it('keeps the preview on links into the player, and adds nothing otherwise', async () => {
    await renderWithRouter(
      <>
        <PreviewModeContext.Provider value={true}>
          <LessonLink slug="sql-basics" lessonId="l1">
            In preview
          </LessonLink>
        </PreviewModeContext.Provider>
        <LessonLink slug="sql-basics" lessonId="l1">
          Ordinary
        </LessonLink>
      </>,
    )
    expect(screen.getByRole('link', { name: 'In preview' }).getAttribute('href')).toBe(
      '/learn/sql-basics/l1?preview=learner',
    )
    expect(screen.getByRole('link', { name: 'Ordinary' }).getAttribute('href')).toBe('/learn/sql-basics/l1')
  })
})

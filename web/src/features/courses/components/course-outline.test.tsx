import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { completedProgress, lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { renderWithRouter } from '@/testing/render-with-router'
import { CourseOutlineView } from './course-outline'

const outline = outlineFixture({
  sections: [
    sectionFixture({
      id: 's1',
      title: 'Why accessibility matters',
      lessons: [
        lessonFixture({ id: 'a', title: 'Intro', is_preview: true, duration_s: 84 }),
        lessonFixture({
          id: 'b',
          position: 2,
          title: 'WCAG',
          kind: 'text',
          available: false,
          lock: { reason: 'enroll' },
        }),
      ],
    }),
    sectionFixture({
      id: 's2',
      position: 2,
      title: 'Later',
      lessons: [
        lessonFixture({
          id: 'c',
          title: 'Drip',
          available: false,
          lock: { reason: 'release', opens_at: '2030-06-01T12:00:00Z' },
        }),
      ],
    }),
  ],
})

describe('CourseOutlineView', () => {
  it('shows previews as player links and locked lessons with their reason', async () => {
    await renderWithRouter(<CourseOutlineView outline={outline} enrolled={false} />)
    const intro = screen.getByRole('link', { name: 'Intro' })
    expect(intro.getAttribute('href')).toBe('/learn/web-accessibility-basics/a')
    expect(screen.getByText('Preview')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'WCAG' })).toBeNull()
    expect(screen.getByText('Enroll to unlock')).toBeTruthy()
    expect(screen.getByText('1:24')).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('opens the first section and says when a locked section opens', async () => {
    await renderWithRouter(<CourseOutlineView outline={outline} enrolled={false} />)
    const [first, second] = screen.getAllByRole('button')
    expect(first?.getAttribute('aria-expanded')).toBe('true')
    expect(second?.getAttribute('aria-expanded')).toBe('false')
    expect(within(second!).getByText(/^Opens on /)).toBeTruthy()
  })

  it('counts completed lessons per section and renders checkboxes when enrolled', async () => {
    const enrolled = outlineFixture({
      viewer: {
        signed_in: true,
        is_member: false,
        enrollment: { id: 'e', status: 'active', enrolled_at: '2026-11-01', completed_at: null, last_lesson_id: null },
      },
      sections: [
        sectionFixture({
          lessons: [
            lessonFixture({ id: 'a', title: 'One', progress: completedProgress() }),
            lessonFixture({ id: 'b', position: 2, title: 'Two' }),
          ],
        }),
      ],
    })
    await renderWithRouter(
      <CourseOutlineView
        outline={enrolled}
        enrolled
        renderCheckbox={(lesson) => <input type="checkbox" aria-label={`Completed: ${lesson.title}`} readOnly />}
      />,
    )
    expect(screen.getByText('1/2')).toBeTruthy()
    expect(screen.getAllByRole('checkbox')).toHaveLength(2)
  })
})

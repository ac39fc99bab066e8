import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { completedProgress, lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { renderWithRouter } from '../testing/render-with-router'
import { EnrollPanel } from './enroll-panel'

const enrollment = (status: 'active' | 'completed' | 'removed') => ({
  id: 'e',
  status,
  enrolled_at: '2026-11-01T00:00:00Z',
  completed_at: status === 'completed' ? '2026-11-02T00:00:00Z' : null,
  last_lesson_id: null,
})

function withCourse(course: Partial<CourseOutline['course']>, rest: Partial<CourseOutline> = {}) {
  const base = outlineFixture()
  return outlineFixture({ ...rest, course: { ...base.course, ...course } })
}

describe('EnrollPanel', () => {
  it('asks visitors to sign in, with a way back to the course', async () => {
    await renderWithRouter(<EnrollPanel outline={outlineFixture()} />)
    const link = screen.getByRole('link', { name: 'Sign in to enroll' })
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirect=%2Fcourses%2Fweb-accessibility-basics')
  })

  it('offers one-click enrollment to signed-in learners of an open course', async () => {
    await renderWithRouter(
      <EnrollPanel outline={outlineFixture({ viewer: { signed_in: true, is_member: false, enrollment: null } })} />,
    )
    expect(screen.getByRole('button', { name: 'Enroll for free' })).toBeTruthy()
  })

  it('explains invite-only and access-code enrollment instead of a button', async () => {
    const { unmount } = await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'invite' })} />)
    expect(screen.getByText('Enrollment by invitation')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    unmount()
    await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'code' })} />)
    expect(screen.getByText('Enrollment with an access code')).toBeTruthy()
  })

  it('shows enrolled learners their progress and where to start', async () => {
    const outline = outlineFixture({
      viewer: { signed_in: true, is_member: false, enrollment: enrollment('active') },
      progress: { completed: 0, total: 1, percent: 0 },
    })
    await renderWithRouter(<EnrollPanel outline={outline} />)
    const bar = screen.getByRole('progressbar', { name: 'Course progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    expect(screen.getByRole('link', { name: /^Start learning/ }).getAttribute('href')).toBe(
      '/learn/web-accessibility-basics/lesson-1',
    )
  })

  it('celebrates a completed course and offers a review', async () => {
    const outline = outlineFixture({
      viewer: { signed_in: true, is_member: false, enrollment: enrollment('completed') },
      progress: { completed: 1, total: 1, percent: 100 },
      sections: [sectionFixture({ lessons: [lessonFixture({ progress: completedProgress() })] })],
    })
    await renderWithRouter(<EnrollPanel outline={outline} />)
    expect(screen.getByText('Course completed')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Review the course' })).toBeTruthy()
  })

  it('tells removed learners they no longer have access', async () => {
    const outline = outlineFixture({ viewer: { signed_in: true, is_member: false, enrollment: enrollment('removed') } })
    await renderWithRouter(<EnrollPanel outline={outline} />)
    expect(screen.getByText(/no longer have access/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull()
  })
})

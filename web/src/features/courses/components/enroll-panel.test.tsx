// The course page's call to action in every enrollment mode and state: open, code, invite (with the pasted-link
// field), enrolled, completed, removed, teaching, and a course that is not published.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { completedProgress, lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { renderWithRouter } from '@/testing/render-with-router'
import { EnrollPanel } from './enroll-panel'

const enrollment = (status: 'active' | 'completed' | 'removed') => ({
  id: 'e',
  status,
  enrolled_at: '2026-11-01T00:00:00Z',
  completed_at: status === 'completed' ? '2026-11-02T00:00:00Z' : null,
  last_lesson_id: null,
})

const signedIn = { signed_in: true, is_member: false, enrollment: null }
const token = 'Ab3_-defghijklmnopqrstuvwxyz0123456789ABCDE'

/** The text of the elements a control's aria-describedby names (hint and error). */
function accessibleDescription(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

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

  it('asks visitors of a code course to sign in before they enter the code', async () => {
    await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'code' })} />)
    expect(screen.getByRole('heading', { name: 'Enrollment with an access code' })).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Access code' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in to enter your code' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirect=%2Fcourses%2Fweb-accessibility-basics',
    )
  })

  it('gives signed-in learners of a code course the code field and no one-click enroll', async () => {
    await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'code' }, { viewer: signedIn })} />)
    // The form loads with its own chunk, after the panel.
    expect(await screen.findByRole('textbox', { name: 'Access code' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Join the course' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull()
  })

  it('tells everyone an invite course needs an invite and takes a pasted link', async () => {
    for (const viewer of [outlineFixture().viewer, signedIn]) {
      const { unmount } = await renderWithRouter(
        <EnrollPanel outline={withCourse({ enrollment_mode: 'invite' }, { viewer })} />,
      )
      expect(screen.getByRole('heading', { name: 'Enrollment by invitation' })).toBeTruthy()
      expect(screen.getByText(/You need an invite/)).toBeTruthy()
      expect(await screen.findByRole('textbox', { name: 'Have a link? Paste it' })).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull()
      unmount()
    }
  })

  it.each([
    ['a whole invite URL', `https://summit.example/invite/${token}?utm=mail`],
    ['a bare token', `  ${token} `],
  ])('opens the invite page from %s', async (_label, pasted) => {
    const { router } = await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'invite' })} />)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Have a link? Paste it' }), {
      target: { value: pasted },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Open the invite' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invite/${token}`))
  })

  it('says next to the field when the pasted text is not an invite link', async () => {
    const { router } = await renderWithRouter(<EnrollPanel outline={withCourse({ enrollment_mode: 'invite' })} />)
    const field = await screen.findByRole('textbox', { name: 'Have a link? Paste it' })
    fireEvent.change(field, { target: { value: 'https://summit.example/courses/design' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open the invite' }))
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(accessibleDescription(field)).toMatch(/doesn't look like an invite link/)
    expect(router.state.location.pathname).toBe('/')
  })

  it("tells a course's teachers that every lesson is open to them", async () => {
    const outline = withCourse(
      { enrollment_mode: 'code' },
      { viewer: { signed_in: true, is_member: true, enrollment: null } },
    )
    await renderWithRouter(<EnrollPanel outline={outline} />)
    expect(screen.getByText(/You teach this course/)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('says an unpublished course takes no new learners, whatever its mode', async () => {
    await renderWithRouter(<EnrollPanel outline={withCourse({ status: 'archived' }, { viewer: signedIn })} />)
    expect(screen.getByText('This course is not taking new learners right now.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull()
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

  it('tells removed learners why they cannot come back in, in every mode', async () => {
    const outline = withCourse(
      { enrollment_mode: 'code' },
      { viewer: { signed_in: true, is_member: false, enrollment: enrollment('removed') } },
    )
    await renderWithRouter(<EnrollPanel outline={outline} />)
    expect(screen.getByRole('heading', { name: 'You no longer have access' })).toBeTruthy()
    expect(screen.getByText(/The instructor removed you from this course/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enroll for free' })).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})

// The staff section of the home page: nothing for someone who teaches nowhere, a school's counts and its latest
// courses for a member, and a failed load said in place with a way to try again.
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '@/testing/render-with-router'
import * as schoolsApi from '../api/schools.api'
import { StaffHomeSection } from './staff-home-section'

const course = (id: string, title: string, status: 'draft' | 'published' | 'archived', learners: number) => ({
  id,
  school_id: 's1',
  slug: id,
  title,
  status,
  learner_count: learners,
  updated_at: '2026-11-24T10:00:00Z',
})

afterEach(() => vi.restoreAllMocks())

describe('StaffHomeSection', () => {
  it('shows nothing to a learner who teaches nowhere', async () => {
    vi.spyOn(schoolsApi, 'listMySchools').mockResolvedValue([])
    await renderWithRouter(<StaffHomeSection userId="u1" />)
    await vi.waitFor(() => expect(schoolsApi.listMySchools).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('heading', { name: 'Your teaching' })).toBeNull()
  })

  it("counts a school's courses by state with their learners and links the latest to the editor", async () => {
    vi.spyOn(schoolsApi, 'listMySchools').mockResolvedValue([
      {
        id: 's1',
        slug: 'academy',
        name: 'Summit Academy',
        role: 'owner',
        courses: [
          course('c1', 'Newest draft', 'draft', 0),
          course('c2', 'Popular course', 'published', 12),
          course('c3', 'Old course', 'archived', 3),
          course('c4', 'Fourth course', 'published', 1),
        ],
      },
    ])
    await renderWithRouter(<StaffHomeSection userId="u1" />)
    expect(await screen.findByRole('heading', { name: 'Your teaching' })).toBeTruthy()
    expect(screen.getByText('Owner')).toBeTruthy()
    expect(screen.getByText('2 published · 1 draft · 1 archived · 16 learners')).toBeTruthy()
    const recent = within(screen.getByRole('list', { name: 'Recently edited in Summit Academy' }))
    expect(recent.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Newest draft',
      'Popular course',
      'Old course',
    ])
    expect(recent.getByRole('link', { name: 'Newest draft' }).getAttribute('href')).toBe('/studio/courses/c1')
    expect(screen.getByRole('link', { name: 'Open the studio' }).getAttribute('href')).toBe('/studio')
  })

  it('says a failed load in place and loads again on "Try again"', async () => {
    const list = vi.spyOn(schoolsApi, 'listMySchools').mockRejectedValue(new TypeError('Failed to fetch'))
    await renderWithRouter(<StaffHomeSection userId="u1" />)
    // Network failures are retried once before the error shows.
    expect(await screen.findByText("We couldn't load your teaching", {}, { timeout: 5000 })).toBeTruthy()
    list.mockResolvedValueOnce([{ id: 's1', slug: 'a', name: 'Summit Academy', role: 'instructor', courses: [] }])
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No courses yet.')).toBeTruthy()
    expect(screen.getByText('Instructor')).toBeTruthy()
  })
})

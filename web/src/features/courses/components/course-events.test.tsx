// The events list of the course page: upcoming live sessions with a join link and deadlines without one, past events
// behind a disclosure, and the empty state when none are planned.
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { supabase } from '@/lib/supabase'
import { renderWithRouter } from '@/testing/render-with-router'
import { CourseEvents } from './course-events'

/** A stand-in for supabase.from('events')…: every builder call returns itself and awaiting it gives `rows`. */
function mockEvents(rows: unknown[]) {
  const builder: Record<string, unknown> = {}
  for (const method of ['select', 'eq', 'order']) builder[method] = () => builder
  builder.then = (resolve: (value: unknown) => void) => resolve({ data: rows, error: null })
  return vi.spyOn(supabase, 'from').mockReturnValue(builder as never)
}

const inDays = (days: number, hours = 0) => new Date(Date.now() + (days * 24 + hours) * 3_600_000).toISOString()

afterEach(() => {
  vi.restoreAllMocks()
})

describe('CourseEvents', () => {
  it('lists upcoming sessions with a join link and deadlines without one', async () => {
    const from = mockEvents([
      {
        id: '1',
        kind: 'live',
        title: 'Office hours',
        starts_at: inDays(2),
        ends_at: inDays(2, 1),
        join_url: 'https://meet.example/x',
      },
      { id: '2', kind: 'deadline', title: 'Project due', starts_at: inDays(9), ends_at: null, join_url: null },
      {
        id: '3',
        kind: 'live',
        title: 'Kick-off',
        starts_at: inDays(-9),
        ends_at: inDays(-9, 1),
        join_url: 'https://meet.example/y',
      },
    ])
    await renderWithRouter(<CourseEvents courseId="course-1" />)
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' })
    expect(from).toHaveBeenCalledWith('events')
    expect(upcoming.textContent).toContain('Office hours')
    expect(upcoming.textContent).toContain('Live session, ')
    expect(upcoming.textContent).toContain('Deadline, ')
    expect(upcoming.textContent).not.toContain('Kick-off')
    const join = screen.getByRole('link', { name: /^Join: Office hours/ })
    expect(join.getAttribute('href')).toBe('https://meet.example/x')
    expect(screen.getAllByRole('link', { name: /^Join/ })).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Past events (1)' })).toBeTruthy()
  })

  it('says when nothing is planned', async () => {
    mockEvents([])
    await renderWithRouter(<CourseEvents courseId="course-1" />)
    expect(await screen.findByRole('heading', { name: 'Nothing planned' })).toBeTruthy()
    expect(screen.getByText(/When the instructor plans a live session or a deadline/)).toBeTruthy()
  })
})

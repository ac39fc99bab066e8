// The access watch in the player: a Realtime change that removes the learner's enrollment in this course, or a call
// answering forbidden, pauses the video and shows the no-access message; other courses' changes do not.
import { act, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AccessWatch } from './access-watch'

type Handler = (payload: { new: { course_id: string; status: string } }) => void
const realtime = vi.hoisted(() => ({ handler: undefined as Handler | undefined, filter: '' }))

vi.mock('@/lib/use-session', () => ({ useSession: () => ({ user: { id: 'user-1' } }) }))
vi.mock('@/lib/realtime', () => {
  const channel = {
    on: (_type: string, options: { filter: string }, handler: Handler) => {
      realtime.filter = options.filter
      realtime.handler = handler
      return channel
    },
    subscribe: () => channel,
  }
  return { openChannel: (_name: string, setup: (c: typeof channel) => void) => (setup(channel), vi.fn()) }
})

function FailingSave() {
  const save = useMutation({ mutationFn: () => Promise.reject({ code: 'forbidden', message: 'Enroll first.' }) })
  return (
    <button type="button" onClick={() => save.mutate()}>
      save
    </button>
  )
}

async function renderWatch() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <video data-testid="video">
          <track kind="captions" />
        </video>
        <AccessWatch courseId="course-1" slug="web-basics" enabled />
        <FailingSave />
      </>
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const video = (await screen.findByTestId('video')) as HTMLVideoElement
  const pause = vi.spyOn(video, 'pause').mockImplementation(() => {})
  return { pause }
}

describe('AccessWatch', () => {
  beforeEach(() => {
    realtime.handler = undefined
  })

  it('listens to the learner’s own enrollments and stops the lesson when this course’s turns removed', async () => {
    const { pause } = await renderWatch()
    expect(realtime.filter).toBe('user_id=eq.user-1')
    act(() => realtime.handler?.({ new: { course_id: 'other-course', status: 'removed' } }))
    act(() => realtime.handler?.({ new: { course_id: 'course-1', status: 'active' } }))
    expect(screen.queryByRole('alertdialog')).toBeNull()

    act(() => realtime.handler?.({ new: { course_id: 'course-1', status: 'removed' } }))
    const notice = await screen.findByRole('alertdialog', { name: 'You no longer have access to this course' })
    expect(notice).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the course page' }).getAttribute('href')).toBe('/courses/web-basics')
    expect(pause).toHaveBeenCalled()
  })

  it('stops the lesson when a call of the page answers forbidden', async () => {
    await renderWatch()
    act(() => screen.getByRole('button', { name: 'save' }).click())
    expect(await screen.findByRole('alertdialog', { name: 'You no longer have access to this course' })).toBeTruthy()
  })
})

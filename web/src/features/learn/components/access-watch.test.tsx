// The access watch in the player: `enrollment_removed` for this course on the learner's account channel, or a call
// answering forbidden, pauses the video and shows the no-access message; other courses' removals and other events
// do not.
import { act, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AccessWatch } from './access-watch'

import type { ChannelMessage, ChannelSpec } from '@/lib/realtime-share'

const realtime = vi.hoisted(() => ({
  onMessage: undefined as ((message: ChannelMessage) => void) | undefined,
  spec: null as ChannelSpec | null,
}))

vi.mock('@/lib/use-session', () => ({ useSession: () => ({ user: { id: 'user-1' } }) }))
vi.mock('@/lib/realtime-share/use-shared-channel', () => ({
  useSharedChannel: (
    _user: string,
    spec: ChannelSpec | null,
    handlers: { onMessage?: (m: ChannelMessage) => void },
  ) => {
    realtime.spec = spec
    realtime.onMessage = handlers.onMessage
    return 'live'
  },
}))

const removed = (courseId: string, event = 'enrollment_removed'): ChannelMessage => ({
  kind: 'broadcast',
  event,
  payload: { course_id: courseId },
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
    realtime.onMessage = undefined
  })

  it('listens on the learner’s private account channel and stops the lesson when removed from this course', async () => {
    const { pause } = await renderWatch()
    expect(realtime.spec).toEqual({ topic: 'account:user-1', private: true })
    act(() => realtime.onMessage?.(removed('other-course')))
    act(() => realtime.onMessage?.(removed('course-1', 'progress')))
    expect(screen.queryByRole('alertdialog')).toBeNull()

    act(() => realtime.onMessage?.(removed('course-1')))
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

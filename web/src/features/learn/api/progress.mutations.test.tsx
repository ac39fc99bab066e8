// The tick mutation: optimistic in every cached outline of the course (course page and player keys), and the
// server's answer applied when it accepts; kept (and queued on this device) when the API cannot be reached, rolled
// back when the server refuses. A queued tick that reaches the server while the page reads its outline is not lost
// to that read's older answer.
import type { ReactNode } from 'react'
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { createQueryClient } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { progressOutbox } from './progress-outbox'
import { saveProgress } from './progress.api'
import { useSetLessonComplete, watchOutboxCaches } from './progress.mutations'

vi.mock('./progress.api', () => ({ saveProgress: vi.fn() }))
const save = vi.mocked(saveProgress)
// The outbox follows the session through Auth's events; here the session is the one getSession answers below.
vi.spyOn(supabase.auth, 'onAuthStateChange').mockReturnValue({
  data: { subscription: { id: 'test', callback: () => undefined, unsubscribe: () => undefined } },
} as never)

const lesson = {
  id: 'l1',
  position: 1,
  title: 'One',
  kind: 'text' as const,
  duration_s: 60,
  is_preview: false,
  completion_rule: 'manual' as const,
  completion_threshold: 0.9,
  available: true,
  lock: null,
  progress: null,
}

const outline = {
  course: { slug: 'c' },
  viewer: { signed_in: true, is_member: false, enrollment: null },
  progress: { completed: 0, total: 2, percent: 0 },
  sections: [
    {
      id: 's',
      position: 1,
      title: 'S',
      release_at: null,
      release_offset_days: null,
      duration_s: 120,
      lesson_count: 2,
      completed_count: 0,
      lessons: [lesson, { ...lesson, id: 'l2' }],
    },
  ],
} as unknown as CourseOutline

/** The server's answer to a tick of lesson l1, with the seconds it has watched. */
function completedAnswer(watched_s: number): Awaited<ReturnType<typeof saveProgress>> {
  return {
    progress: {
      lesson_id: 'l1',
      status: 'completed',
      position_s: 0,
      watched_s,
      completed_at: 'now',
      completed_by: 'manual',
      updated_at: 'now',
    },
    course_progress: { completed: 1, total: 2, percent: 50 },
    enrollment: { status: 'active', completed_at: null },
    course_completed_now: false,
    incomplete_reason: null,
  }
}

function setup() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(['courses', 'outline', 'c'], outline)
  queryClient.setQueryData(['courses', 'outline', 'c', 'lesson', 'l1'], outline)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useSetLessonComplete('c'), { wrapper })
  const status = (key: string[]) =>
    queryClient.getQueryData<CourseOutline>(key)?.sections[0]?.lessons[0]?.progress?.status ?? null
  const percent = (key: string[]) => queryClient.getQueryData<CourseOutline>(key)?.progress.percent
  return { result, status, percent }
}

describe('useSetLessonComplete', () => {
  // A block body: a function returned from beforeEach is run as a cleanup, and mockReset returns the mock itself.
  beforeEach(() => {
    save.mockReset()
  })

  it('ticks optimistically in the course page and player caches, then applies the answer', async () => {
    let resolve: (value: Awaited<ReturnType<typeof saveProgress>>) => void = () => {}
    save.mockReturnValue(new Promise((r) => (resolve = r)))
    const { result, status, percent } = setup()
    act(() => result.current.mutate({ lessonId: 'l1', completed: true }))
    await waitFor(() => expect(status(['courses', 'outline', 'c'])).toBe('completed'))
    expect(status(['courses', 'outline', 'c', 'lesson', 'l1'])).toBe('completed')
    expect(percent(['courses', 'outline', 'c'])).toBe(50)
    expect(save.mock.calls[0]?.[1]).toMatchObject({ lesson_id: 'l1', completed: true, position_s: 0, watched_s: 0 })

    resolve(completedAnswer(30))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(status(['courses', 'outline', 'c', 'lesson', 'l1'])).toBe('completed')
  })

  it('keeps the tick and queues it on this device when the API cannot be reached', async () => {
    vi.spyOn(supabase.auth, 'getSession').mockResolvedValue({
      data: { session: { user: { id: 'learner-1' } } },
      error: null,
    } as never)
    save.mockRejectedValue({ message: 'TypeError: Failed to fetch', code: '' })
    const { result, status } = setup()
    act(() => result.current.mutate({ lessonId: 'l1', completed: true }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toBeNull()
    expect(status(['courses', 'outline', 'c'])).toBe('completed')
    expect(progressOutbox.pending('l1')).toMatchObject({ lesson_id: 'l1', completed: true })
    expect(JSON.parse(localStorage.getItem('summit:progress-queue:learner-1') ?? '[]')).toHaveLength(1)
  })

  it('rolls the tick back and reports the refusal when the server says no', async () => {
    save.mockRejectedValue({ code: 'lesson_locked', message: 'locked', status: 403 })
    const { result, status } = setup()
    act(() => result.current.mutate({ lessonId: 'l2', completed: true }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(status(['courses', 'outline', 'c'])).toBe(null)
    expect(progressOutbox.pending('l2')).toBeUndefined()
  })
})

describe('watchOutboxCaches', () => {
  it('reads an outline again when a queued tick reaches the server while that outline is being read', async () => {
    vi.spyOn(supabase.auth, 'getSession').mockResolvedValue({
      data: { session: { user: { id: 'learner-2' } } },
      error: null,
    } as never)
    const queryClient = createQueryClient()
    const stop = watchOutboxCaches(queryClient)
    const completed = structuredClone(outline)
    completed.sections[0]!.lessons[0]!.progress = { status: 'completed' } as never
    // The page's read goes out before the tick is sent, and is answered as the database stood then.
    let answerFirstRead: (value: CourseOutline) => void = () => {}
    const readOutline = vi
      .fn<() => Promise<CourseOutline>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirstRead = resolve)))
      .mockResolvedValue(completed)
    const key = ['courses', 'outline', 'c']
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: readOutline })
    const unsubscribe = observer.subscribe(() => undefined)
    await waitFor(() => expect(readOutline).toHaveBeenCalledTimes(1))

    save.mockResolvedValue(completedAnswer(0))
    progressOutbox.add('learner-2', {
      lesson_id: 'l1',
      position_s: 0,
      watched_s: 0,
      completed: true,
      observed_at: new Date().toISOString(),
    })
    await progressOutbox.flush()
    expect(progressOutbox.pending('l1')).toBeUndefined()

    answerFirstRead(outline)
    await waitFor(() => expect(readOutline).toHaveBeenCalledTimes(2))
    await waitFor(() =>
      expect(queryClient.getQueryData<CourseOutline>(key)?.sections[0]?.lessons[0]?.progress?.status).toBe('completed'),
    )
    unsubscribe()
    stop()
  })
})

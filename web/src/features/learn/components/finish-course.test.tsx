// The finish moment opens when the course becomes complete while a lesson is open (on any lesson, from its checkbox
// or another tab), and not when the learner arrives at a course already finished.
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { completedProgress, inProgress, lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { useFinishMoment } from './finish-course'

const first = (progress: ReturnType<typeof inProgress> | null) => lessonFixture({ id: 'lesson-1', progress })
const second = (progress: ReturnType<typeof inProgress> | null) =>
  lessonFixture({ id: 'lesson-2', position: 2, progress })

function outline(done: [boolean, boolean]) {
  const lessons = [first(done[0] ? completedProgress() : inProgress()), second(done[1] ? completedProgress() : null)]
  const completed = done.filter(Boolean).length
  return outlineFixture({
    sections: [sectionFixture({ lessons })],
    progress: { completed, total: 2, percent: completed * 50 },
  })
}

describe('useFinishMoment', () => {
  it('opens when the last open lesson is completed while the page is open, whichever lesson that is', () => {
    const { result, rerender } = renderHook(({ o }) => useFinishMoment(o), {
      initialProps: { o: outline([false, true]) },
    })
    expect(result.current.open).toBe(false)
    rerender({ o: outline([true, true]) })
    expect(result.current.open).toBe(true)
    act(() => result.current.setOpen(false))
    expect(result.current.open).toBe(false)
  })

  it('stays closed when the course was already finished on arrival, and while lessons remain', () => {
    const finished = renderHook(() => useFinishMoment(outline([true, true])))
    expect(finished.result.current.open).toBe(false)
    const { result, rerender } = renderHook(({ o }) => useFinishMoment(o), {
      initialProps: { o: outline([false, false]) },
    })
    rerender({ o: outline([true, false]) })
    expect(result.current.open).toBe(false)
  })
})

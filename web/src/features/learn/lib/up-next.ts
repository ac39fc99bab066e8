// The up-next card's rules: whether the next lesson can be played (a locked one is shown with its reason, never
// autoplayed), the learner's autoplay choice (remembered per user on this device, in localStorage under
// `summit:autoplay-next:<user id>`), and the one-shot "start playing when you arrive" mark the card leaves.
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { lockReasonText } from '@/lib/courses/lessons'

export const AUTOPLAY_DELAY_S = 5

export type UpNext =
  { kind: 'none' } | { kind: 'open'; lesson: OutlineLesson } | { kind: 'locked'; lesson: OutlineLesson; reason: string }

export function upNext(next: OutlineLesson | null, current: { id: string; completed: boolean }): UpNext {
  if (!next) return { kind: 'none' }
  if (next.available) return { kind: 'open', lesson: next }
  const lock = next.lock
  // "Finish this lesson first" is met the moment this lesson completes; the outline learns it on its next load.
  if (lock?.reason === 'sequence' && lock.lesson_id === current.id && current.completed) {
    return { kind: 'open', lesson: next }
  }
  return { kind: 'locked', lesson: next, reason: lock ? lockReasonText(lock) : 'This lesson is not open to you' }
}

function autoplayKey(userId: string | null) {
  return `summit:autoplay-next:${userId ?? 'visitor'}`
}

/** On unless this user turned it off on this device. */
export function readAutoplay(userId: string | null, storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(autoplayKey(userId)) !== 'off'
  } catch {
    return true
  }
}

export function writeAutoplay(
  userId: string | null,
  on: boolean,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(autoplayKey(userId), on ? 'on' : 'off')
  } catch {
    // Storage disabled: the choice holds for this lesson only.
  }
}

const PLAY_ON_ARRIVAL_KEY = 'summit:play-on-arrival'

/** Marks the lesson the card is about to open, so its video starts by itself (this tab only). */
export function markPlayOnArrival(lessonId: string, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(PLAY_ON_ARRIVAL_KEY, lessonId)
  } catch {
    // Without storage the next video simply waits for play.
  }
}

/** Whether this lesson was opened by the card; the mark is used once. */
export function takePlayOnArrival(lessonId: string, storage: Storage | undefined = globalThis.sessionStorage): boolean {
  try {
    const marked = storage?.getItem(PLAY_ON_ARRIVAL_KEY)
    if (marked !== lessonId) return false
    storage?.removeItem(PLAY_ON_ARRIVAL_KEY)
    return true
  } catch {
    return false
  }
}

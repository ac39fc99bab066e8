// The parts of the player that only some lessons show, loaded with the first lesson that shows them rather than in
// every lesson's first load: a text lesson (its markdown renderer and parser, about 30 KiB gzip, which a video lesson
// loads only after its first paint, for its notes), a quiz (its attempt, review and question fields), and a video's
// knowledge checks. The route's loader starts a lesson's part as soon as the outline names the lesson's kind, beside
// the page's own code, so a text lesson or a quiz does not wait for it one round trip after the page has rendered.
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'

export const loadTextLesson = () => import('@/features/learn/components/text-lesson')
export const loadQuizLesson = () => import('@/features/quiz/components/quiz-lesson')
export const loadVideoChecks = () => import('@/features/quiz/components/video-checks')

/** Starts loading the part `lesson` shows (a failure here is the part's own to show when it renders). */
export function preloadLessonPart(lesson: Pick<OutlineLesson, 'kind' | 'available'>): void {
  if (!lesson.available) return
  const load = lesson.kind === 'text' ? loadTextLesson : lesson.kind === 'quiz' ? loadQuizLesson : undefined
  void load?.().catch(() => undefined)
}

// Rules about lessons that several screens share: the sentence explaining a lock, which lesson "Continue" opens,
// and how much of a course is left.
import type { CourseOutline, LessonLock, LessonQuiz, OutlineLesson } from './course-outline.schema'

/** The reason a lesson is locked, as the sentence shown beside the lock icon (PRODUCT.md §4). */
export function lockReasonText(lock: LessonLock, locale?: string): string {
  switch (lock.reason) {
    case 'enroll':
      return 'Enroll to unlock'
    case 'release':
      return `Opens on ${formatDate(lock.opens_at, locale)}`
    case 'sequence':
      return `Finish “${lock.lesson_title}” first`
  }
}

function formatDate(timestamp: string, locale?: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return 'a later date'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date)
}

/** A quiz row's note: its pass mark, and the learner's best score once they have one. */
export function quizRowText(quiz: LessonQuiz): string {
  const mark = `Pass mark ${quiz.pass_mark} %`
  if (quiz.best_percent === null) return mark
  const best = Math.round(quiz.best_percent * 10) / 10
  return `${mark} · Best ${best} %${quiz.passed ? ', passed' : ''}`
}

export function isCompleted(lesson: OutlineLesson): boolean {
  return lesson.progress?.status === 'completed'
}

/** Every lesson in outline order (sections by position, then lessons by position). */
export function lessonsInOrder(outline: Pick<CourseOutline, 'sections'>): OutlineLesson[] {
  return [...outline.sections]
    .sort((a, b) => a.position - b.position)
    .flatMap((section) => [...section.lessons].sort((a, b) => a.position - b.position))
}

export type NextLessonKind = 'resume' | 'next' | 'start'

/**
 * The lesson "Continue" opens: the last lesson the learner was in when it is open and not finished, otherwise the
 * first open lesson they have not completed. Null when every open lesson is done (or nothing is open yet).
 */
export function chooseNextLesson(
  outline: Pick<CourseOutline, 'sections' | 'viewer'>,
): { lesson: OutlineLesson; kind: NextLessonKind } | null {
  const lessons = lessonsInOrder(outline)
  const lastId = outline.viewer.enrollment?.last_lesson_id ?? null
  const last = lastId ? lessons.find((lesson) => lesson.id === lastId) : undefined
  if (last && last.available && !isCompleted(last)) return { lesson: last, kind: 'resume' }

  const next = lessons.find((lesson) => lesson.available && !isCompleted(lesson))
  if (!next) return null
  const started = lessons.some((lesson) => lesson.progress !== null && lesson.progress.status !== 'not_started')
  return { lesson: next, kind: started ? 'next' : 'start' }
}

/** Seconds of lessons not yet completed, for "N min left". */
export function remainingSeconds(outline: Pick<CourseOutline, 'sections'>): number {
  return lessonsInOrder(outline)
    .filter((lesson) => !isCompleted(lesson))
    .reduce((sum, lesson) => sum + lesson.duration_s, 0)
}

// One lesson in the course outline: completion checkbox (enrolled learners; a quiz shows its pass mark and best
// score instead), kind icon, title (a link into the
// player when the lesson is open), preview badge, lock with its reason, and length.
import type { ReactNode } from 'react'
import { ClipboardCheck, FileText, Lock, Play } from 'lucide-react'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { lockReasonText, quizRowText } from '@/lib/courses/lessons'
import { Length } from './length'
import { LessonLink } from './lesson-link'

export interface LessonRowProps {
  slug: string
  lesson: OutlineLesson
  /** The completion checkbox, rendered by the caller only for enrolled learners. */
  checkbox?: ReactNode
}

export function LessonRow({ slug, lesson, checkbox }: LessonRowProps) {
  const KindIcon = lesson.kind === 'video' ? Play : lesson.kind === 'quiz' ? ClipboardCheck : FileText
  // A quiz completes by being passed, never by a tick.
  const tick = lesson.kind === 'quiz' ? null : checkbox
  const titleId = `lesson-${lesson.id}-title`
  return (
    <li className="flex items-start gap-3 py-2.5 pr-1 pl-2">
      {tick ? <div className="flex h-6 items-center">{tick}</div> : null}
      <KindIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={titleId} className="text-slate-900">
          <span className="sr-only">
            {lesson.kind === 'video' ? 'Video: ' : lesson.kind === 'quiz' ? 'Quiz: ' : 'Reading: '}
          </span>
          {lesson.available ? (
            <LessonLink
              slug={slug}
              lessonId={lesson.id}
              className="font-medium text-teal-800 underline-offset-2 hover:underline"
            >
              {lesson.title}
            </LessonLink>
          ) : (
            lesson.title
          )}
        </span>
        {lesson.quiz ? <span className="text-sm text-slate-600">{quizRowText(lesson.quiz)}</span> : null}
        {lesson.is_preview || lesson.lock ? (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            {lesson.is_preview ? (
              <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800 ring-1 ring-teal-200">
                Preview
              </span>
            ) : null}
            {lesson.lock ? (
              <span className="flex items-center gap-1 text-slate-600">
                <Lock aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">Locked: </span>
                {lockReasonText(lesson.lock)}
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      <span className="shrink-0 text-sm text-slate-600 tabular-nums">
        <Length seconds={lesson.duration_s} clock />
      </span>
    </li>
  )
}

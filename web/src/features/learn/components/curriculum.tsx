// The player's curriculum: sections as Collapsibles (the open lesson's section starts open) with each lesson's tick,
// lock or kind icon (a quiz with its pass mark and best score); the open lesson is highlighted and marked
// aria-current. Shown as a sidebar on wide screens and inside the `Menu` drawer on small ones.
import { Link } from '@tanstack/react-router'
import { ChevronRight, CircleCheck, ClipboardCheck, FileText, Lock, Play } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { lockReasonText, quizRowText } from '@/lib/courses/lessons'
import { previewSearch, usePreviewMode } from '@/lib/courses/preview-mode'
import type { OutlineLesson, OutlineSection } from '@/lib/courses/course-outline.schema'
import { cn } from '@/lib/cn'
import { formatClock } from '@/lib/format/clock'

export interface CurriculumProps {
  slug: string
  sections: OutlineSection[]
  currentLessonId: string
  /** Called when a lesson link is followed (the drawer closes itself). */
  onNavigate?: () => void
}

export function Curriculum({ slug, sections, currentLessonId, onNavigate }: CurriculumProps) {
  return (
    <nav aria-label="Curriculum">
      <ol className="flex flex-col gap-1">
        {sections.map((section) => (
          <li key={section.id}>
            <Collapsible defaultOpen={section.lessons.some((lesson) => lesson.id === currentLessonId)}>
              <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none"
                />
                <span className="min-w-0 flex-1">{section.title}</span>
                <span className="shrink-0 text-xs font-normal text-slate-600">
                  <span aria-hidden="true">
                    {section.completed_count}/{section.lessons.length}
                  </span>
                  <span className="sr-only">
                    , {section.completed_count} of {section.lessons.length} lessons done
                  </span>
                </span>
              </CollapsibleTrigger>
              <CollapsibleContent>
                <ol className="flex flex-col gap-0.5 pb-2 pl-2">
                  {section.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <LessonLink
                        slug={slug}
                        lesson={lesson}
                        current={lesson.id === currentLessonId}
                        onNavigate={onNavigate}
                      />
                    </li>
                  ))}
                </ol>
              </CollapsibleContent>
            </Collapsible>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function LessonLink({
  slug,
  lesson,
  current,
  onNavigate,
}: {
  slug: string
  lesson: OutlineLesson
  current: boolean
  onNavigate?: (() => void) | undefined
}) {
  const previewing = usePreviewMode()
  const done = lesson.progress?.status === 'completed'
  const kindIcon = lesson.kind === 'video' ? Play : lesson.kind === 'quiz' ? ClipboardCheck : FileText
  const Icon = done ? CircleCheck : !lesson.available ? Lock : kindIcon
  const state = done ? 'Completed' : !lesson.available && lesson.lock ? `Locked: ${lockReasonText(lesson.lock)}` : null
  return (
    <Link
      to="/learn/$slug/$lessonId"
      params={{ slug, lessonId: lesson.id }}
      search={previewSearch(previewing)}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex min-h-11 items-start gap-2 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100',
        current && 'bg-teal-50 font-medium text-teal-900 hover:bg-teal-100',
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', done ? 'text-teal-700' : 'text-slate-500')} />
      <span className="min-w-0 flex-1">
        {lesson.title}
        {state ? <span className="sr-only">, {state}</span> : null}
        {lesson.quiz ? (
          <span className="block text-xs text-slate-600">
            <span className="sr-only">, quiz: </span>
            {quizRowText(lesson.quiz)}
          </span>
        ) : null}
      </span>
      {lesson.duration_s > 0 ? (
        <span className="shrink-0 text-xs text-slate-600 tabular-nums">{formatClock(lesson.duration_s)}</span>
      ) : null}
    </Link>
  )
}

// The course outline (an accordion): one item per section with its chevron, title, "3/7" done when enrolled,
// length and lock state; inside, the lessons. Opens the section holding the learner's next lesson (or the first).
import type { ReactNode } from 'react'
import { Lock } from 'lucide-react'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import type { CourseOutline, OutlineLesson, OutlineSection } from '@/lib/courses/course-outline.schema'
import { chooseNextLesson, lockReasonText } from '@/lib/courses/lessons'
import { Length } from './length'
import { LessonRow } from './lesson-row'
import { plural } from '@/lib/format/plural'

export interface CourseOutlineProps {
  outline: CourseOutline
  /** Shows per-section "3/7" counts and picks the section of the next lesson to open. */
  enrolled: boolean
  /** Renders the completion checkbox of a lesson (enrolled learners). */
  renderCheckbox?: (lesson: OutlineLesson) => ReactNode
}

export function CourseOutlineView({ outline, enrolled, renderCheckbox }: CourseOutlineProps) {
  const sections = [...outline.sections].sort((a, b) => a.position - b.position)
  const next = enrolled ? chooseNextLesson(outline) : null
  const openSection = sections.find((section) => section.lessons.some((l) => l.id === next?.lesson.id)) ?? sections[0]
  const lessonCount = sections.reduce((sum, section) => sum + section.lessons.length, 0)
  const totalS = sections.reduce((sum, section) => sum + section.duration_s, 0)

  return (
    <section aria-labelledby="course-outline-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="course-outline-heading" className="text-xl font-semibold text-slate-900">
          Course content
        </h2>
        <p className="text-sm text-slate-600">
          {plural(sections.length, 'section')} · {plural(lessonCount, 'lesson')} · <Length seconds={totalS} />
        </p>
      </div>
      {sections.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          The lessons of this course are not ready yet.
        </p>
      ) : (
        <Accordion
          defaultValue={openSection ? [openSection.id] : []}
          className="rounded-xl border border-slate-200 bg-white px-3 sm:px-4"
        >
          {sections.map((section) => (
            <AccordionItem key={section.id} value={section.id} className="last:border-b-0">
              <AccordionTrigger>
                <SectionHeader section={section} enrolled={enrolled} />
              </AccordionTrigger>
              <AccordionContent>
                <ol className="flex flex-col divide-y divide-slate-100" aria-label={section.title}>
                  {[...section.lessons]
                    .sort((a, b) => a.position - b.position)
                    .map((lesson) => (
                      <LessonRow
                        key={lesson.id}
                        slug={outline.course.slug}
                        lesson={lesson}
                        checkbox={renderCheckbox?.(lesson)}
                      />
                    ))}
                </ol>
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </section>
  )
}

function SectionHeader({ section, enrolled }: { section: OutlineSection; enrolled: boolean }) {
  const lock = sectionLock(section)
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <span className="min-w-0 flex-1">{section.title}</span>
      <span className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm font-normal text-slate-600">
        {lock ? (
          <span className="flex items-center gap-1">
            <Lock aria-hidden="true" className="size-3.5" />
            {lock}
          </span>
        ) : null}
        {enrolled ? (
          <span className="tabular-nums">
            <span aria-hidden="true">
              {section.completed_count}/{section.lesson_count}
            </span>
            <span className="sr-only">
              , {section.completed_count} of {plural(section.lesson_count, 'lesson')} completed
            </span>
          </span>
        ) : null}
        <span className="tabular-nums">
          <span className="sr-only">, </span>
          <Length seconds={section.duration_s} />
        </span>
      </span>
    </span>
  )
}

/** A section's lock sentence when none of its lessons is open: the shared reason, or just "Locked". */
function sectionLock(section: OutlineSection): string | null {
  if (section.lessons.length === 0 || section.lessons.some((lesson) => lesson.available)) return null
  const reasons = new Set(section.lessons.map((lesson) => (lesson.lock ? lockReasonText(lesson.lock) : 'Locked')))
  const [only] = reasons
  // Different reasons (e.g. a sequence lock on each lesson) read best as one word; the rows say the rest.
  return reasons.size === 1 && only && !only.startsWith('Finish') ? only : 'Locked'
}

// One section of the builder: a collapsible header (drag handle, show/hide, title with rename and delete) and its
// lessons, each a sortable row, with "Add lesson" at the end.
import { Link } from '@tanstack/react-router'
import { ChevronDown, ChevronRight, FilePen, FileText, Video } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import type { CurriculumSection as Section, LessonKind } from '../api/curriculum.api'
import { AddOutlineItem } from './add-outline-item'
import { OutlineItemActions } from './outline-item-actions'
import { SortableRow } from './sortable-row'

interface CurriculumSectionProps {
  /** The lessons' editor links live under the course. */
  courseId: string
  section: Section
  index: number
  open: boolean
  onOpenChange: (open: boolean) => void
  onRename: (kind: 'section' | 'lesson', id: string, title: string) => Promise<unknown>
  onDelete: (kind: 'section' | 'lesson', id: string) => Promise<unknown>
  onAddLesson: (values: { title: string; kind: LessonKind }) => Promise<unknown>
}

export function CurriculumSection({
  courseId,
  section,
  index,
  open,
  onOpenChange,
  onRename,
  onDelete,
  onAddLesson,
}: CurriculumSectionProps) {
  const Chevron = open ? ChevronDown : ChevronRight
  return (
    <Collapsible asChild open={open} onOpenChange={onOpenChange}>
      <li className="rounded-lg border border-slate-200">
        <SortableRow
          id={section.id}
          handleLabel={`Move section ${section.title}`}
          className="rounded-t-lg bg-slate-50 p-1"
        >
          <CollapsibleTrigger
            aria-label={`${open ? 'Hide' : 'Show'} the lessons of ${section.title}`}
            className="flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          >
            <Chevron aria-hidden="true" className="size-5" />
          </CollapsibleTrigger>
          <OutlineItemActions
            kind="section"
            title={section.title}
            onRename={(title) => onRename('section', section.id, title)}
            onDelete={() => onDelete('section', section.id)}
          >
            <h3 className="truncate font-semibold text-slate-900">
              <span className="sr-only">Section {index + 1}: </span>
              {section.title}
            </h3>
          </OutlineItemActions>
        </SortableRow>
        <CollapsibleContent>
          <ol aria-label={`Lessons of ${section.title}`} className="flex flex-col divide-y divide-slate-100">
            {section.lessons.map((lesson, lessonIndex) => {
              const Icon = lesson.kind === 'video' ? Video : FileText
              return (
                <li key={lesson.id}>
                  <SortableRow id={lesson.id} handleLabel={`Move lesson ${lesson.title}`} className="px-1 py-0.5 pl-6">
                    <OutlineItemActions
                      kind="lesson"
                      title={lesson.title}
                      onRename={(title) => onRename('lesson', lesson.id, title)}
                      onDelete={() => onDelete('lesson', lesson.id)}
                    >
                      <span className="flex min-w-0 items-center gap-2 text-slate-900">
                        <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                        <span className="sr-only">
                          Lesson {lessonIndex + 1}, {lesson.kind}:{' '}
                        </span>
                        <span className="truncate" data-testid="lesson-title">
                          {lesson.title}
                        </span>
                        <Link
                          to="/studio/courses/$courseId/lessons/$lessonId"
                          params={{ courseId, lessonId: lesson.id }}
                          aria-label={`Edit lesson ${lesson.title}`}
                          className="ml-auto inline-flex h-11 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-medium text-teal-800 hover:bg-slate-100"
                        >
                          <FilePen aria-hidden="true" className="size-4" />
                          <span className="hidden sm:inline">Edit</span>
                        </Link>
                      </span>
                    </OutlineItemActions>
                  </SortableRow>
                </li>
              )
            })}
          </ol>
          {section.lessons.length === 0 ? (
            <p className="px-4 py-2 text-sm text-slate-600">No lessons yet. Add one, or drag one here.</p>
          ) : null}
          <div className="border-t border-slate-100 p-3">
            <AddOutlineItem kind="lesson" label={`New lesson in ${section.title}`} onAdd={onAddLesson} />
          </div>
        </CollapsibleContent>
      </li>
    </Collapsible>
  )
}

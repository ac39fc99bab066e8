// The curriculum builder: sections and lessons in one sortable list (dnd-kit) that the pointer and the keyboard
// (Space to lift, arrows to move, Space to drop, Escape to cancel) both drive, with spoken announcements. Each
// drop is sent whole to reorder_curriculum; the list shows the new order at once and rolls back on a refusal.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { ListTree } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { CurriculumSection as Section } from '../api/curriculum.api'
import {
  useAddLesson,
  useAddSection,
  useDeleteItem,
  useRenameItem,
  useReorderCurriculum,
} from '../api/curriculum.mutations'
import { studioQueries } from '../api/studio.queries'
import { moveInCurriculum, placeOf } from '../lib/curriculum-move'
import { AddOutlineItem } from './add-outline-item'
import { CurriculumSection } from './curriculum-section'

function describe(sections: Section[], id: string | number): string {
  const key = String(id)
  const section = sections.find((s) => s.id === key)
  if (section) return `section ${section.title}`
  const lesson = sections.flatMap((s) => s.lessons).find((l) => l.id === key)
  return lesson ? `lesson ${lesson.title}` : 'item'
}

function announcements(sections: Section[]): Announcements {
  const where = (id: string | number) => {
    const place = placeOf(sections, String(id))
    const section = place ? sections[place.section] : undefined
    return section ? `in section ${section.title}` : ''
  }
  return {
    onDragStart: ({ active }) => `Picked up ${describe(sections, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(sections, active.id)} is over ${describe(sections, over.id)} ${where(over.id)}.`
        : `${describe(sections, active.id)} is not over a place it can go.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${describe(sections, active.id)} at ${describe(sections, over.id)} ${where(over.id)}.`
        : `Dropped ${describe(sections, active.id)} where it was.`,
    onDragCancel: ({ active }) => `Moving ${describe(sections, active.id)} was cancelled. It is back where it was.`,
  }
}

export function CurriculumBuilder({ courseId }: { courseId: string }) {
  const curriculum = useQuery(studioQueries.curriculum(courseId))
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const reorder = useReorderCurriculum(courseId)
  const addSection = useAddSection(courseId)
  const addLesson = useAddLesson(courseId)
  const renameItem = useRenameItem(courseId)
  const deleteItem = useDeleteItem(courseId)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  if (curriculum.isPending) return <Skeleton className="h-32 w-full" />
  if (curriculum.isError) return <Alert tone="error">{errorMessage(curriculum.error)}</Alert>
  const sections = curriculum.data
  const visibleIds = sections.flatMap((s) => [s.id, ...(collapsed.has(s.id) ? [] : s.lessons.map((l) => l.id))])

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over) return
    const next = moveInCurriculum(sections, String(active.id), String(over.id))
    if (next) reorder.mutate(next)
  }

  return (
    <div className="flex flex-col gap-4">
      {reorder.isError ? (
        <Alert tone="error" title="The new order was not saved">
          {errorMessage(reorder.error)} The curriculum is back as it was.
        </Alert>
      ) : null}
      {sections.length === 0 ? (
        <p className="flex items-center gap-2 text-slate-600">
          <ListTree aria-hidden="true" className="size-5 text-slate-400" />
          No sections yet. A course needs at least one section with a lesson before it can be published.
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: announcements(sections),
            screenReaderInstructions: {
              draggable:
                'To move this item, press Space. Use the up and down arrow keys to move it, Space again to drop it in its new place, or Escape to cancel.',
            },
          }}
        >
          <SortableContext items={visibleIds} strategy={verticalListSortingStrategy}>
            <ol aria-label="Sections" className="flex flex-col gap-3">
              {sections.map((section, index) => (
                <CurriculumSection
                  key={section.id}
                  courseId={courseId}
                  section={section}
                  index={index}
                  open={!collapsed.has(section.id)}
                  onOpenChange={(open) =>
                    setCollapsed((current) => {
                      const next = new Set(current)
                      if (open) next.delete(section.id)
                      else next.add(section.id)
                      return next
                    })
                  }
                  onRename={(kind, id, title) => renameItem.mutateAsync({ kind, id, title })}
                  onDelete={(kind, id) => deleteItem.mutateAsync({ kind, id })}
                  onAddLesson={(values) => addLesson.mutateAsync({ sectionId: section.id, ...values })}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <AddOutlineItem kind="section" label="New section title" onAdd={({ title }) => addSection.mutateAsync(title)} />
    </div>
  )
}

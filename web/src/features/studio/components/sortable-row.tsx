// A row of the curriculum's sortable list with its drag handle. Only the handle starts a drag (pointer, or Space
// and the arrow keys), so the row's other buttons and inputs keep working. Section headers accept lessons dropped
// on them even when they are not being dragged themselves.
import type { ReactNode } from 'react'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical } from 'lucide-react'
import { cn } from '@/lib/cn'

interface SortableRowProps {
  id: string
  /** The handle's accessible name, e.g. "Move lesson Welcome". */
  handleLabel: string
  className?: string
  children: ReactNode
}

export function SortableRow({ id, handleLabel, className, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  })
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-1 bg-white',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-teal-600',
        className,
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={handleLabel}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      {children}
    </div>
  )
}

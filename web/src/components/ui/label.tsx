// Label: a <label> that, like Radix's Label it replaced, does not select its text on a double click (a quick second
// click on a checkbox's label toggles it again rather than highlighting the words), except over a control inside it.
import type { ComponentProps, MouseEvent } from 'react'
import { cn } from '@/lib/cn'

export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  const keepSelection = (event: MouseEvent<HTMLLabelElement>) => {
    if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
    onMouseDown?.(event)
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
  }
  return (
    // The caller gives htmlFor or puts the control inside; the mouse-down handler only keeps the text unselected.
    // eslint-disable-next-line jsx-a11y-x/label-has-associated-control, jsx-a11y-x/no-noninteractive-element-interactions
    <label className={cn('text-sm font-medium text-slate-900', className)} onMouseDown={keepSelection} {...props} />
  )
}

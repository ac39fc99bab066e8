// The curriculum drawer's panel (a Radix dialog as a sheet from the left), loaded on its first opening or once the
// page has loaded (./curriculum-drawer renders it through lazyOverlay and keeps the trigger). Closing it puts focus
// back on that trigger, as a dialog's own trigger would get it.
import type { RefObject } from 'react'
import { focusTriggerOnClose } from '@/components/lazy-overlay'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { Curriculum, type CurriculumProps } from '@/features/learn/components/curriculum'

export interface CurriculumSheetProps extends Omit<CurriculumProps, 'onNavigate'> {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLButtonElement | null>
}

export function CurriculumSheet({ open, onOpenChange, trigger, ...props }: CurriculumSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-80 gap-3 overflow-y-auto p-4 pt-5" onCloseAutoFocus={focusTriggerOnClose(trigger)}>
        <SheetTitle className="pr-12">Curriculum</SheetTitle>
        <SheetDescription className="sr-only">The course's sections and lessons.</SheetDescription>
        <Curriculum {...props} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  )
}

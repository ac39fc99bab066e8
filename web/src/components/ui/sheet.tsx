// A drawer that slides in from the left: Radix Dialog (focus trap, Escape, focus return,
// aria-modal) styled as a side panel. Used for the mobile navigation and, later, the curriculum.
import type { ComponentProps } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { cn } from '@/lib/cn'

export const Sheet = Dialog.Root
export const SheetTrigger = Dialog.Trigger
export const SheetClose = Dialog.Close

export function SheetContent({ className, children, ...props }: ComponentProps<typeof Dialog.Content>) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl',
          'data-[state=open]:animate-slide-in motion-reduce:animate-none',
          className,
        )}
        {...props}
      >
        {/* First in the DOM so Tab order matches what is seen: close button, then the content. */}
        <Dialog.Close
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          aria-label="Close"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  )
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return <Dialog.Title className={cn('text-base font-semibold text-slate-900', className)} {...props} />
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description className={cn('text-sm text-slate-600', className)} {...props} />
}

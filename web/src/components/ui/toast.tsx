// Toast (Radix): brief notices in a corner region. Radix announces each toast politely (role="status" with
// type="background"), pauses its timer while the pointer is over the region or focus is in it (and while the window is
// in the background), closes it with Escape or a swipe, and offers F8 to jump to the region from the keyboard.
import type { ComponentProps } from 'react'
import { X } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { cn } from '@/lib/cn'

export const ToastProvider = ToastPrimitive.Provider
export const ToastTitle = ToastPrimitive.Title
export const ToastDescription = ToastPrimitive.Description

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
        className,
      )}
      {...props}
    />
  )
}

export function Toast({ className, ...props }: ComponentProps<typeof ToastPrimitive.Root>) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'relative flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 pr-12 text-sm shadow-lg',
        'focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none',
        'data-[state=open]:animate-fade-in motion-reduce:animate-none',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
        className,
      )}
      {...props}
    />
  )
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Dismiss"
      className={cn(
        'absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md text-slate-500',
        'hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  )
}

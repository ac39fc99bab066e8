// A text input styled like the rest of the kit. `aria-invalid` turns the border red, so a field
// in error is visible without relying on the message alone.
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
        'aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:opacity-50',
        'file:mr-3 file:border-0 file:bg-transparent file:font-medium',
        className,
      )}
      {...props}
    />
  )
}

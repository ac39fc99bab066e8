// A native select of school roles, styled like the kit's inputs: native so keyboards, screen readers and phones
// all get their own picker without a custom widget.
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export const roleLabels = { owner: 'Owner', instructor: 'Instructor' } as const

export function RoleSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900',
        'aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <option value="instructor">{roleLabels.instructor}</option>
      <option value="owner">{roleLabels.owner}</option>
    </select>
  )
}

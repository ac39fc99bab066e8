// The app's button: a native <button> (or, with `asChild`, any element such as a router Link)
// with a small set of variants, in the spirit of shadcn/ui.
import type { ComponentProps } from 'react'
import { Slot } from './slot'
import { cn } from '@/lib/cn'

const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
} as const

const sizes = {
  md: 'h-10 px-4 text-sm',
  // 44 px square: the minimum comfortable touch target for icon-only buttons.
  icon: 'size-11',
} as const

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  asChild?: boolean
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      // Default to type="button" so a button inside a form never submits it by accident.
      {...(asChild ? {} : { type: 'button' as const })}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium transition-colors',
        'disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  )
}

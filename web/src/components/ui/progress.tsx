// Progress bar (Radix): `value` is a percentage 0-100. Give it a name with `aria-label` (or
// `aria-labelledby`); Radix sets role="progressbar" and the aria-value* attributes.
import type { ComponentProps } from 'react'
import { Progress as ProgressPrimitive } from 'radix-ui'
import { cn } from '@/lib/cn'

export interface ProgressProps extends Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> {
  /** 0-100; null shows an indeterminate bar. Values outside the range are clamped. */
  value: number | null
}

export function Progress({ value, className, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, Math.round(value)))
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={100}
      // Radix's default "x%" text is fine for screen readers; keep a readable value text too.
      getValueLabel={(v, max) => `${Math.round((v / max) * 100)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full bg-teal-700 transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - (clamped ?? 0)}%)` }}
      />
    </ProgressPrimitive.Root>
  )
}

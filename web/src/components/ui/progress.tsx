// Progress bar: `value` is a percentage 0-100, or null while it is not known (an indeterminate bar: no aria-valuenow).
// Give it a name with `aria-label` (or `aria-labelledby`). A `role="progressbar"` element with aria-valuemin/max/now
// and a readable aria-valuetext ("40%"), and the `data-state` (loading, complete, indeterminate) and `data-value` that
// Radix's Progress set, which this replaced: its React context and primitives were a first-load cost of every page
// showing a bar, for a div and its width.
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** 0-100; null shows an indeterminate bar. Values outside the range are clamped. */
  value: number | null
}

export function Progress({ value, className, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, Math.round(value)))
  const state = clamped === null ? 'indeterminate' : clamped === 100 ? 'complete' : 'loading'
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      aria-valuetext={clamped === null ? undefined : `${clamped}%`}
      data-state={state}
      data-value={clamped ?? undefined}
      data-max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <div
        data-state={state}
        className="h-full w-full bg-teal-700 transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - (clamped ?? 0)}%)` }}
      />
    </div>
  )
}

// A friendly placeholder for a list with nothing in it yet: an icon, a heading and a sentence
// saying what will appear here (and, optionally, an action).
import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cn } from '@/lib/cn'

interface EmptyStateProps {
  icon: LucideIcon
  title: string
  /** Heading level, so the empty state fits the page's outline. */
  as?: 'h2' | 'h3'
  children?: ReactNode
  className?: string
}

export function EmptyState({ icon: Icon, title, as: Heading = 'h2', children, className }: EmptyStateProps) {
  return (
    <section
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-10 text-slate-400" />
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {children ? <div className="max-w-prose text-slate-600">{children}</div> : null}
    </section>
  )
}

// The frame of each management panel (a titled section with its "new" action) and its loading and error states:
// a skeleton announced as loading, and the error as a sentence with "Try again".
import type { ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'

interface PanelProps {
  title: string
  description: ReactNode
  action?: ReactNode
  children: ReactNode
}

export function Panel({ title, description, action, children }: PanelProps) {
  return (
    <section aria-label={title} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="max-w-prose text-sm text-slate-600">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  )
}

export function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        {label}
      </span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  )
}

export function PanelError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={`We couldn't load the ${what}.`}>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}

/** A card of the panel's list: at 360 px each row stacks, wider it lays out its facts side by side. */
export function ListCard({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      {children}
    </li>
  )
}

/** Facts about a row as a description list: "Expires", "Uses", ... */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

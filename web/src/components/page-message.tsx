// A whole-page message in place of content that cannot be shown: not found, an error, a lesson that is not there.
// One icon, a heading, a sentence and the ways forward. `useRouteRetry` is the "Try again" of error screens.
import type { ReactNode } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import { cn } from '@/lib/cn'

interface PageMessageProps {
  icon: LucideIcon
  title: string
  children: ReactNode
  /** Buttons or links: what the reader can do next. */
  actions: ReactNode
  /** Errors are announced (role="alert") and drawn in amber; other messages are quiet. */
  tone?: 'quiet' | 'alert'
}

export function PageMessage({ icon: Icon, title, children, actions, tone = 'quiet' }: PageMessageProps) {
  return (
    <section
      role={tone === 'alert' ? 'alert' : undefined}
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
    >
      <Icon aria-hidden="true" className={cn('size-10', tone === 'alert' ? 'text-amber-600' : 'text-slate-400')} />
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div className="text-slate-600">{children}</div>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  )
}

/** Retries a route after its error screen: clears failed queries (or useSuspenseQuery rethrows them) and reloads. */
export function useRouteRetry(reset: () => void): () => void {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  return () => {
    queryErrorResetBoundary.reset()
    reset()
    void router.invalidate()
  }
}

// Loading indicators: a spinning icon (for buttons and small areas) and a page-level loading
// state with a screen-reader label.
import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/cn'

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin motion-reduce:animate-none', className)} />
}

export function PageLoading({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-16 text-slate-600', className)}>
      <Spinner className="size-5" />
      <span>{label}</span>
    </div>
  )
}

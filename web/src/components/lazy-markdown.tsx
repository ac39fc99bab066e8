// The markdown renderer (./markdown, with the marked parser) loaded on first use, for pages where markdown is one part
// among others (the course page's description, a video lesson's notes): the rest of the page does not wait for it.
import { lazy, Suspense } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import type { MarkdownProps } from './markdown'

const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })))

export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<MarkdownPlaceholder />}>
      <Markdown {...props} />
    </Suspense>
  )
}

function MarkdownPlaceholder() {
  return (
    <div role="status" aria-label="Loading the text" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  )
}

// The markdown renderer (./markdown, with the marked parser) loaded on first use, for pages where markdown is one part
// among others (the course page's description, a video lesson's notes, the studio's previews of what is being
// written): the rest of the page does not wait for it.
// Loading starts once the page that first shows markdown has been painted, so fetching and compiling the parser never
// competes with that page becoming usable. The plain paragraphs a text starts with are shown meanwhile as they will be
// rendered (./markdown-plain), grey lines stand for the rest; a text that is plain throughout needs no parser at all.
import { lazy, Suspense } from 'react'
import { cn } from '@/lib/cn'
import { LoadingBlocks } from './loading-blocks'
import type { MarkdownProps } from './markdown'
import { markdownBodyClass, plainLead } from './markdown-plain'

/**
 * Resolves after the next paint (a task queued from the frame callback runs once the frame is drawn), or after 200 ms
 * where no frame comes: a tab in the background draws none.
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0))
    setTimeout(resolve, 200)
  })

const Markdown = lazy(() =>
  afterNextPaint()
    .then(() => import('./markdown'))
    .then((module) => ({ default: module.Markdown })),
)

const lineWidths = ['w-full', 'w-11/12', 'w-full', 'w-5/6', 'w-2/3']

/**
 * About as many grey lines as the text will take (a line per 70 characters of each paragraph, at least three, at most
 * twenty), so what follows it moves little when it arrives: a tap aimed below it lands where it was aimed.
 */
export function placeholderLines(source: string): string[] {
  const estimate = source
    .split('\n')
    .filter((line) => line.trim() !== '')
    .reduce((count, line) => count + Math.ceil(line.trim().length / 70), 0)
  const count = Math.min(20, Math.max(3, estimate))
  return Array.from({ length: count }, (_, i) => `h-4 ${lineWidths[i % lineWidths.length]}`)
}

export function LazyMarkdown(props: MarkdownProps) {
  const { paragraphs, rest } = plainLead(props.source)
  const lead = (
    <div className={cn(markdownBodyClass, props.className)}>
      {paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
      {rest === '' ? null : (
        <LoadingBlocks label="Loading the text" blocks={placeholderLines(rest)} className="gap-2" />
      )}
    </div>
  )
  // Plain throughout: the lead is the whole text as the renderer would draw it.
  if (rest === '') return lead
  return (
    <Suspense fallback={lead}>
      <Markdown {...props} />
    </Suspense>
  )
}

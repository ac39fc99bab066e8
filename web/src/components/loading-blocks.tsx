// A part of a page that is still loading, drawn as grey blocks of the shape it will take (each block's Tailwind size
// classes), and announced to assistive technology by its label. A block may also be what the part will show as it
// is (a label, a hint), so the placeholder takes the part's exact height and nothing below it moves when it arrives.
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Skeleton } from './ui/skeleton'

export interface LoadingBlocksProps {
  /** What is loading, e.g. "Loading the quiz". */
  label: string
  /** One entry per block: a class string draws a grey block, e.g. `['h-8 w-2/3', 'h-24 w-full']`; anything else is shown. */
  blocks: Array<string | ReactNode>
  className?: string
}

export function LoadingBlocks({ label, blocks, className }: LoadingBlocksProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {blocks.map((block, i) =>
        typeof block === 'string' ? <Skeleton key={i} className={block} /> : <div key={i}>{block}</div>,
      )}
    </div>
  )
}

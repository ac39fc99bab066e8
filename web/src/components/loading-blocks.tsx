// A part of a page that is still loading, drawn as grey blocks of the shape it will take (each block's Tailwind size
// classes), and announced to assistive technology by its label.
import { cn } from '@/lib/cn'
import { Skeleton } from './ui/skeleton'

export interface LoadingBlocksProps {
  /** What is loading, e.g. "Loading the quiz". */
  label: string
  /** One class string per block, e.g. `['h-8 w-2/3', 'h-24 w-full']`. */
  blocks: string[]
  className?: string
}

export function LoadingBlocks({ label, blocks, className }: LoadingBlocksProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  )
}

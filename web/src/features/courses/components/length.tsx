// A duration shown short ("1h 20m", or "4:05" as a clock) and read out in words by screen readers.
import { formatClock } from '@/lib/format/clock'
import { describeLength, formatLength, isoDuration } from '@/lib/format/duration'

export function Length({ seconds, clock = false }: { seconds: number; clock?: boolean }) {
  return (
    <time dateTime={isoDuration(seconds)}>
      <span aria-hidden="true">{clock ? formatClock(seconds) : formatLength(seconds)}</span>
      <span className="sr-only">{describeLength(seconds)}</span>
    </time>
  )
}

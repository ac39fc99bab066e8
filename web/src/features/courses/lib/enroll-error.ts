// The sentence for a refused enrollment (open enroll, code or invite). The catalogue codes read as in every other
// screen (lib/errors); two read better here: a removed learner's `forbidden`, and `rate_limited` with the wait.
import { errorCode, errorMessage } from '@/lib/errors'
import { plural } from '@/lib/format/plural'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** "12 minutes", "1 minute", "40 seconds": the wait before another code attempt can pass, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds))
    return plural(s, 'second')
  }
  const minutes = Math.ceil(seconds / 60)
  return plural(minutes, 'minute')
}

export function enrollErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === 'forbidden') {
    return 'You were removed from this course, so you cannot join it again yourself. Ask the instructor if you think this is a mistake.'
  }
  if (code === 'rate_limited' && isRecord(error) && typeof error.retryAfterS === 'number') {
    return `Too many wrong codes. Try again in ${formatWait(error.retryAfterS)}.`
  }
  return errorMessage(error)
}

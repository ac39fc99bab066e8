// The attempt's clock: the time left by the server's deadline (read against the server's clock), shown every second
// but announced to screen readers only at 5 minutes, 1 minute and 10 seconds left, and when time is up. When it runs
// out, onExpire is called once: the attempt is graded as it stood at the deadline.
import { useEffect, useRef, useState } from 'react'
import { Timer } from 'lucide-react'
import { cn } from '@/lib/cn'
import { announcementFor, clockInWords, clockText, remainingMs } from '../lib/timer'

interface QuizTimerProps {
  deadline: string
  offsetMs: number
  onExpire: () => void
}

export function QuizTimer({ deadline, offsetMs, onExpire }: QuizTimerProps) {
  const [left, setLeft] = useState(() => remainingMs(deadline, offsetMs, Date.now()))
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef(left)
  const expired = useRef(false)
  const expire = useRef(onExpire)
  useEffect(() => {
    expire.current = onExpire
  }, [onExpire])

  useEffect(() => {
    const tick = () => {
      const now = remainingMs(deadline, offsetMs, Date.now())
      const said = announcementFor(Math.ceil(previous.current / 1000), Math.ceil(now / 1000))
      if (said) setAnnouncement(said)
      // Also when the attempt is resumed after its deadline: graded at once, not left waiting.
      if (now <= 0 && !expired.current) {
        expired.current = true
        expire.current()
      }
      previous.current = now
      setLeft(now)
    }
    tick()
    const timer = setInterval(tick, 250)
    return () => clearInterval(timer)
  }, [deadline, offsetMs])

  const low = left <= 60_000
  return (
    <div className="flex items-center gap-2">
      <div
        role="timer"
        aria-label={`Time left: ${clockInWords(left)}`}
        className={cn(
          'flex items-center gap-1.5 rounded-md border px-3 py-1.5 font-semibold tabular-nums',
          low ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        <Timer aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{clockText(left)}</span>
      </div>
      <p className="sr-only" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
    </div>
  )
}

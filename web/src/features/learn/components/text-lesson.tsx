// A text lesson: the markdown body, with the seconds it is visible counted as reading time (sent as watched_s) and
// saved when the tab is hidden or the lesson is left.
import { useEffect, useRef } from 'react'
import { Markdown } from '@/components/markdown'
import { useSaveProgress } from '../api/progress.mutations'

export interface TextLessonProps {
  lessonId: string
  body: string
  canSave: boolean
  /** Reading time already recorded on the server; this visit adds to it. */
  serverSeconds: number
}

export function TextLesson({ lessonId, body, canSave, serverSeconds }: TextLessonProps) {
  useReadingTime({ lessonId, canSave, serverSeconds })
  return body.trim() ? <Markdown source={body} /> : <p className="text-slate-600">This lesson has no text yet.</p>
}

function useReadingTime({ lessonId, canSave, serverSeconds }: Omit<TextLessonProps, 'body'>) {
  const { mutate } = useSaveProgress()
  const visibleSeconds = useRef(0)
  const savedSeconds = useRef(0)
  const baseRef = useRef(serverSeconds)

  useEffect(() => {
    if (!canSave) return
    const base = baseRef.current
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') visibleSeconds.current += 1
    }, 1000)
    const save = () => {
      const seconds = visibleSeconds.current
      if (seconds === savedSeconds.current) return
      savedSeconds.current = seconds
      mutate({
        lesson_id: lessonId,
        position_s: 0,
        watched_s: Math.min(86_400, base + seconds),
        // Dated as old as the lesson's row: reading time must not move the resume point.
        observed_at: new Date(0).toISOString(),
      })
    }
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', save)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', save)
      save()
    }
  }, [canSave, lessonId, mutate])
}

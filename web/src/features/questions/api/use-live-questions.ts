// Live Q&A in an open player: new answers (and questions, resolutions) of the lesson arrive over Realtime's
// postgres_changes, which delivers a row only to subscribers the table's select policy lets read it (the course's
// enrolled learners and staff). Each change refetches the lesson's questions, so what shows is what RLS allows.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { openChannel } from '@/lib/realtime'
import { questionsKeys } from './questions.queries'

// Each player gets its own channel: two hooks on one topic would share it, and the first to unmount would close it.
let channelCount = 0

export type LiveStatus = 'connecting' | 'live' | 'off'

export function useLiveQuestions(lessonId: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<{ lessonId: string; live: boolean } | null>(null)

  useEffect(() => {
    if (!enabled) return
    channelCount += 1
    const refresh = () => void queryClient.invalidateQueries({ queryKey: questionsKeys.lesson(lessonId) })
    const filter = `lesson_id=eq.${lessonId}`
    return openChannel(`questions:${lessonId}:${channelCount}`, (channel) =>
      channel
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'answers', filter }, refresh)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'questions', filter }, refresh)
        // Changes flow once Realtime says its database subscription is ok, not when the channel is joined.
        .on('system', {}, (payload: { extension?: string; status?: string }) => {
          if (payload.extension === 'postgres_changes') setStatus({ lessonId, live: payload.status === 'ok' })
        })
        .subscribe((state) => {
          if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') setStatus({ lessonId, live: false })
        }),
    )
  }, [enabled, lessonId, queryClient])

  if (!enabled) return 'off'
  if (status?.lessonId !== lessonId) return 'connecting'
  return status.live ? 'live' : 'off'
}

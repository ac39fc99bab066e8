// Live Q&A in an open player: new answers (and questions, resolutions) of the lesson arrive over Realtime's
// postgres_changes, which delivers a row only to subscribers the table's select policy lets read it (the course's
// enrolled learners and staff). Each change refetches the lesson's questions, so what shows is what RLS allows. The
// browser's tabs share the channel (lib/realtime-share: one Realtime socket per browser), and a channel live again
// after a gap refetches too, since what changed meanwhile never arrived.
import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { ChannelSpec } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
import { useSession } from '@/lib/use-session'
import { questionsKeys } from './questions.queries'

export type LiveStatus = 'connecting' | 'live' | 'off'

export function useLiveQuestions(lessonId: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  const spec = useMemo<ChannelSpec | null>(() => {
    if (!enabled) return null
    const filter = `lesson_id=eq.${lessonId}`
    return {
      topic: `questions:${lessonId}`,
      changes: [
        { event: 'INSERT', schema: 'public', table: 'answers', filter },
        { event: '*', schema: 'public', table: 'questions', filter },
      ],
    }
  }, [enabled, lessonId])
  const refresh = () => void queryClient.invalidateQueries({ queryKey: questionsKeys.lesson(lessonId) })
  const status = useSharedChannel(userId, spec, { onMessage: refresh, onRejoin: refresh })
  return status === 'paused' ? 'off' : status
}

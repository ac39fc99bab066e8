// Live progress across tabs and devices: while a course page or the player is open, the learner's own
// `lesson_progress` changes arrive over Realtime and are applied to the cached outlines of the course (ticks, counts,
// positions). `onChange` lets the player compare a position saved elsewhere with its own ("Continue at mm:ss").
// Off (`enabled` false) where the caller keeps no progress of their own here: staff, and learner previews.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { useSession } from '@/lib/use-session'
import type { Database } from '@/lib/database.types'
import { openChannel } from '@/lib/realtime'
import { patchOutlineCaches } from './api/progress.mutations'

export type ProgressRow = Database['public']['Tables']['lesson_progress']['Row']

// Each subscriber gets its own channel: two hooks on one topic would share a channel and the first to unmount
// would close it for the other.
let channelCount = 0

/** 'live' once changes flow from the database; 'off' when signed out, disabled, or the channel failed. */
export type ProgressSyncStatus = 'connecting' | 'live' | 'off'

export function useProgressSync(
  slug: string,
  onChange?: (row: ProgressRow) => void,
  enabled = true,
): ProgressSyncStatus {
  const queryClient = useQueryClient()
  const [joined, setJoined] = useState<{ key: string; live: boolean } | null>(null)
  const userId = useSession().user?.id
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })

  useEffect(() => {
    if (!userId || !enabled) return
    const outlineKey = courseKeys.outline(slug)
    channelCount += 1
    return openChannel(`progress:${userId}:${channelCount}`, (channel) =>
      channel
        .on<ProgressRow>(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'lesson_progress', filter: `user_id=eq.${userId}` },
          (payload) => {
            if (payload.eventType === 'DELETE') {
              void queryClient.invalidateQueries({ queryKey: outlineKey })
              return
            }
            const row = payload.new
            // A tick on this device is in flight: its own answer and refetch will settle the lesson.
            if (queryClient.isMutating({ mutationKey: ['progress', 'complete'] }) === 0) {
              patchOutlineCaches(
                queryClient,
                {
                  lessonId: row.lesson_id,
                  progress: {
                    status: row.status,
                    position_s: row.position_s,
                    watched_s: row.watched_s,
                    completed_at: row.completed_at,
                    completed_by: row.completed_by,
                    updated_at: row.updated_at,
                  },
                },
                outlineKey,
              )
            }
            onChangeRef.current?.(row)
          },
        )
        // Joining the channel (SUBSCRIBED) comes before Realtime has subscribed to the database: changes flow once the
        // system message for postgres_changes says ok, so that is when the sync counts as live.
        .on('system', {}, (payload: { extension?: string; status?: string }) => {
          if (payload.extension !== 'postgres_changes') return
          setJoined({ key: `${userId}:${slug}`, live: payload.status === 'ok' })
        })
        .subscribe((status) => {
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') setJoined({ key: `${userId}:${slug}`, live: false })
        }),
    )
  }, [queryClient, slug, userId, enabled])

  if (!userId || !enabled) return 'off'
  if (joined?.key !== `${userId}:${slug}`) return 'connecting'
  return joined.live ? 'live' : 'off'
}

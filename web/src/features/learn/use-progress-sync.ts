// Live progress across tabs and devices: while a course page or the player is open, the learner's progress arrives on
// their private account channel and is applied to the cached outlines of the course (ticks, counts, positions). The
// database broadcasts a start, tick or untick at once and a position at most every 5 s per lesson; the learner's
// other tabs of this browser hear this tab's saves at once (api/share-progress). Whatever a tab may have missed (a
// throttled position, a channel that was paused, another leader tab taking over) is read again from the database
// when the tab regains focus or its channel rejoins. `onChange` lets the player compare a position saved elsewhere
// with its own ("Continue at mm:ss"). Off where the caller keeps no progress of their own: staff, learner previews.
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { broadcastRefetch, type BroadcastRefetch } from '@/lib/broadcast-refetch'
import { courseKeys } from '@/lib/courses/course-keys'
import { accountChannel, type LiveStatus } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
import { useSession } from '@/lib/use-session'
import { patchOutlineCaches } from './api/progress.mutations'
import { liveProgressSchema, type LiveProgress } from './schemas/live-progress.schema'

export type { LiveProgress }

/** 'live' while progress flows; 'paused' when the channel was refused or closed; 'off' when signed out or disabled. */
export type ProgressSyncStatus = LiveStatus | 'off'

// Focus and visibility often come together: one read is enough.
const RESYNC_GAP_MS = 2_000

export function useProgressSync(
  slug: string,
  onChange?: (progress: LiveProgress) => void,
  enabled = true,
): ProgressSyncStatus {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  const spec = useMemo(() => (userId && enabled ? accountChannel(userId) : null), [userId, enabled])
  // A removed row carries nothing to patch with: the course is read again, a second later (lib/broadcast-refetch:
  // the broadcast can arrive before the delete it announces is visible).
  const afterRemoval = useRef<BroadcastRefetch | null>(null)
  useEffect(() => {
    const later = broadcastRefetch(() => void queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }))
    afterRemoval.current = later
    return () => {
      later.cancel()
      afterRemoval.current = null
    }
  }, [queryClient, slug])

  const status = useSharedChannel(userId, spec, {
    onMessage: (message) => {
      if (message.kind !== 'broadcast') return
      if (message.event === 'progress_removed') {
        afterRemoval.current?.schedule()
        return
      }
      if (message.event !== 'progress') return
      const parsed = liveProgressSchema.safeParse(message.payload)
      if (!parsed.success) return
      const { lesson_id: lessonId, course_id: _course, ...progress } = parsed.data
      // A tick on this device is in flight: its own answer and refetch will settle the lesson.
      if (queryClient.isMutating({ mutationKey: ['progress', 'complete'] }) === 0) {
        patchOutlineCaches(queryClient, { lessonId, progress }, courseKeys.outline(slug))
      }
      onChangeRef.current?.(parsed.data)
    },
    onRejoin: () => void queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }),
  })

  // Back to this tab: read the course again, since live positions are throttled and a paused channel missed things.
  useEffect(() => {
    if (!spec) return
    let last = 0
    const resync = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < RESYNC_GAP_MS) return
      // A tick in flight refetches when it settles; reading now could draw the state before it.
      if (queryClient.isMutating({ mutationKey: ['progress', 'complete'] }) > 0) return
      last = Date.now()
      void queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) })
    }
    window.addEventListener('focus', resync)
    document.addEventListener('visibilitychange', resync)
    return () => {
      window.removeEventListener('focus', resync)
      document.removeEventListener('visibilitychange', resync)
    }
  }, [queryClient, slug, spec])

  return status
}

// Live awards: while any page is open, the signed-in learner's new rows in `user_achievements` arrive over Realtime
// (postgres_changes inserts, delivered to their owner only), refresh the cached list and are handed to `onEarned`
// with the trophy's title and icon. Every tab subscribes on its own, so each open tab hears of each award.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Database } from '@/lib/database.types'
import { openChannel } from '@/lib/realtime'
import { achievementKeys, achievementQueries } from './achievements.queries'

type AwardRow = Database['public']['Tables']['user_achievements']['Row']

export interface EarnedNotice {
  code: string
  title: string
  /** The catalogue's lucide icon name. */
  icon: string
}

/** 'live' once inserts flow from the database; 'off' when the channel failed. */
export type AchievementFeedStatus = 'connecting' | 'live' | 'off'

// Distinct channel names: two subscribers on one topic would share a channel, and the first to close would close it.
let channelCount = 0

export function useAchievementFeed(userId: string, onEarned: (notice: EarnedNotice) => void): AchievementFeedStatus {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<{ userId: string; live: boolean } | null>(null)
  const onEarnedRef = useRef(onEarned)
  useEffect(() => {
    onEarnedRef.current = onEarned
  })

  useEffect(() => {
    channelCount += 1
    return openChannel(`achievements:${userId}:${channelCount}`, (channel) =>
      channel
        .on<AwardRow>(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'user_achievements', filter: `user_id=eq.${userId}` },
          (payload) => {
            const { code } = payload.new
            void queryClient.invalidateQueries({ queryKey: achievementKeys.earned(userId) })
            // The catalogue is usually cached; if it cannot be read, the code still says which trophy it was.
            void queryClient
              .fetchQuery(achievementQueries.catalogue())
              .then((catalogue) => catalogue.find((achievement) => achievement.code === code))
              .catch(() => undefined)
              .then((achievement) =>
                onEarnedRef.current({ code, title: achievement?.title ?? code, icon: achievement?.icon ?? 'Trophy' }),
              )
          },
        )
        // Joining comes before Realtime has subscribed to the database; inserts flow once postgres_changes says ok.
        .on('system', {}, (payload: { extension?: string; status?: string }) => {
          if (payload.extension !== 'postgres_changes') return
          setStatus({ userId, live: payload.status === 'ok' })
        })
        .subscribe((state) => {
          if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') setStatus({ userId, live: false })
        }),
    )
  }, [queryClient, userId])

  if (status?.userId !== userId) return 'connecting'
  return status.live ? 'live' : 'off'
}

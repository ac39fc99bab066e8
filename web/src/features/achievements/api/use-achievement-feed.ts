// Live awards: while any page is open, the signed-in learner's new rows in `user_achievements` arrive over Realtime
// (postgres_changes inserts, delivered to their owner only), refresh the cached list and are handed to `onEarned`
// with the trophy's title and icon. The browser's tabs share one channel (lib/realtime-share): the tab holding the
// socket relays each award to the others, so each open tab hears of each award.
import { useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Database } from '@/lib/database.types'
import type { ChannelSpec } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
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

export function useAchievementFeed(userId: string, onEarned: (notice: EarnedNotice) => void): AchievementFeedStatus {
  const queryClient = useQueryClient()
  const onEarnedRef = useRef(onEarned)
  useEffect(() => {
    onEarnedRef.current = onEarned
  })
  const spec = useMemo<ChannelSpec>(
    () => ({
      topic: `achievements:${userId}`,
      changes: [{ event: 'INSERT', schema: 'public', table: 'user_achievements', filter: `user_id=eq.${userId}` }],
    }),
    [userId],
  )

  const status = useSharedChannel(userId, spec, {
    onMessage: (message) => {
      if (message.kind !== 'postgres_changes') return
      const { code } = (message.payload as { new: AwardRow }).new
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
  })
  return status === 'paused' ? 'off' : status
}

// Live notifications: while any page is open, the signed-in user's new rows in `notifications` arrive over Realtime
// (postgres_changes inserts, delivered to their owner only) and refresh the bell's count and list. The browser's tabs
// share one channel (lib/realtime-share), so each open tab hears of each notification; after a gap the lists are
// read again. An announcement's notification also refreshes the announcement lists, so its course page shows it.
import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { ChannelSpec } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
import { notificationKeys } from './notifications.queries'

export function useNotificationFeed(userId: string) {
  const queryClient = useQueryClient()
  const spec = useMemo<ChannelSpec>(
    () => ({
      topic: `notifications:${userId}`,
      changes: [{ event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` }],
    }),
    [userId],
  )
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) })
  return useSharedChannel(userId, spec, {
    onMessage: (message) => {
      if (message.kind !== 'postgres_changes') return
      refresh()
      // An announcement also shows on its course page: refresh the announcement lists (their key prefix).
      const row = (message.payload as { new?: { kind?: string } }).new
      if (row?.kind === 'announcement') {
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'announcements' })
      }
    },
    onRejoin: refresh,
  })
}

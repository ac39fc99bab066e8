// Keeps the analytics page live: joins the course's private channel (course-analytics:<id>, authorised by the
// realtime.messages policy for the course's staff), where the database broadcasts "changed" after each write that
// moves a number, and refetches the page's queries a second later, once however many learners write in that second
// (lib/broadcast-refetch).
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { broadcastRefetch } from '@/lib/broadcast-refetch'
import { openChannel } from '@/lib/realtime'
import { analyticsKeys } from '../api/analytics.queries'

export function useLiveAnalytics(courseId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refetch = broadcastRefetch(
      () => void queryClient.invalidateQueries({ queryKey: analyticsKeys.all(courseId) }),
    )
    const close = openChannel(
      `course-analytics:${courseId}`,
      (channel) => {
        channel.on('broadcast', { event: 'changed' }, refetch.schedule).subscribe((status) => {
          // Whatever was missed while (re)connecting is read again once the channel is back.
          if (status === 'SUBSCRIBED') refetch.schedule()
        })
      },
      { config: { private: true } },
    )
    return () => {
      refetch.cancel()
      close()
    }
  }, [courseId, queryClient])
}

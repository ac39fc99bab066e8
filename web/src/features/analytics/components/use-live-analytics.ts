// Keeps the analytics page live: joins the course's private channel (course-analytics:<id>, authorised by the
// realtime.messages policy for the course's staff), where the database broadcasts "changed" after each write that
// moves a number, and refetches the page's queries at most once a second however many learners write at once.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { openChannel } from '@/lib/realtime'
import { analyticsKeys } from '../api/analytics.queries'

const DEBOUNCE_MS = 1000

export function useLiveAnalytics(courseId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const refetch = () => {
      timer ??= setTimeout(() => {
        timer = undefined
        void queryClient.invalidateQueries({ queryKey: analyticsKeys.all(courseId) })
      }, DEBOUNCE_MS)
    }
    const close = openChannel(
      `course-analytics:${courseId}`,
      (channel) => {
        channel.on('broadcast', { event: 'changed' }, refetch).subscribe((status) => {
          // Whatever was missed while (re)connecting is read again once the channel is back.
          if (status === 'SUBSCRIBED') refetch()
        })
      },
      { config: { private: true } },
    )
    return () => {
      clearTimeout(timer)
      close()
    }
  }, [courseId, queryClient])
}

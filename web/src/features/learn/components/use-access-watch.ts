// Notices, while a lesson is open, that the learner lost access to its course: their enrollment turning `removed`
// (over Realtime: the enrollments publication, delivered under their own select policy), or a content or progress
// call of the page answering `forbidden`. Either way the answer is final for this page: it flips once and stays.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Database } from '@/lib/database.types'
import { errorCode } from '@/lib/errors'
import { openChannel } from '@/lib/realtime'
import { useSession } from '@/lib/use-session'

type EnrollmentRow = Database['public']['Tables']['enrollments']['Row']

// Each watcher its own channel, so one unmounting never closes another's (see use-progress-sync).
let channelCount = 0

export function useAccessWatch(courseId: string, enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  const [revoked, setRevoked] = useState(false)

  useEffect(() => {
    if (!userId || !enabled) return
    channelCount += 1
    return openChannel(`access:${userId}:${channelCount}`, (channel) =>
      channel
        .on<EnrollmentRow>(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'enrollments', filter: `user_id=eq.${userId}` },
          (payload) => {
            if (payload.new.course_id === courseId && payload.new.status === 'removed') setRevoked(true)
          },
        )
        .subscribe(),
    )
  }, [userId, enabled, courseId])

  useEffect(() => {
    if (!enabled) return
    const forbidden = (error: unknown) => errorCode(error) === 'forbidden'
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && forbidden(event.mutation.state.error)) setRevoked(true)
    })
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && forbidden(event.query.state.error)) setRevoked(true)
    })
    return () => {
      offMutations()
      offQueries()
    }
  }, [queryClient, enabled])

  return revoked
}

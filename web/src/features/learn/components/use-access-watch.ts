// Notices, while a lesson is open, that the learner lost access to its course: `enrollment_removed` for this course on
// their private account channel (broadcast by the database when an instructor removes them; the channel is shared by
// the browser's tabs, see lib/realtime-share), or a content or progress call of the page answering `forbidden`.
// Either way the answer is final for this page: it flips once and stays.
import { useEffect, useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { accountChannel } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
import { useSession } from '@/lib/use-session'

export function useAccessWatch(courseId: string, enabled: boolean): boolean {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  const [revoked, setRevoked] = useState(false)
  const spec = useMemo(() => (userId && enabled ? accountChannel(userId) : null), [userId, enabled])

  useSharedChannel(userId, spec, {
    onMessage: (message) => {
      if (message.kind !== 'broadcast' || message.event !== 'enrollment_removed') return
      if ((message.payload as { course_id?: unknown } | null)?.course_id === courseId) setRevoked(true)
    },
  })

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

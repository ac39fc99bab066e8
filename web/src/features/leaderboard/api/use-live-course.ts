// The course's private live channel, course-live:<course_id> (joined by its learners and staff under the
// realtime.messages policies): "leaderboard" broadcasts from the database refresh the cached board a moment later
// (lib/broadcast-refetch: the read must not start before the write it announces is visible), and presence
// counts who has the course open ("5 learning now"). Each learner is present once, however many tabs they have:
// the presence key is a hash of the course and the user, which names nobody to the others.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { broadcastRefetch } from '@/lib/broadcast-refetch'
import { openChannel } from '@/lib/realtime'
import { leaderboardKeys } from './leaderboard.queries'

export const courseLiveTopic = (courseId: string) => `course-live:${courseId}`

/** A stable key per learner and course that does not reveal the user id (SHA-256, hex). */
export async function presenceKey(courseId: string, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${courseId}:${userId}`))
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Keeps the board of `courseId` fresh while mounted; 'live' once the channel is joined. */
export function useLiveLeaderboard(courseId: string): 'connecting' | 'live' | 'off' {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<{ courseId: string; live: boolean } | null>(null)
  useEffect(() => {
    const readBoard = () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.board(courseId) })
    const afterBroadcast = broadcastRefetch(readBoard)
    const close = openChannel(
      courseLiveTopic(courseId),
      (channel) =>
        channel.on('broadcast', { event: 'leaderboard' }, afterBroadcast.schedule).subscribe((state) => {
          if (state === 'SUBSCRIBED') {
            setStatus({ courseId, live: true })
            // Whatever changed while the channel was joining is read once now.
            readBoard()
          } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') setStatus({ courseId, live: false })
        }),
      { config: { private: true } },
    )
    return () => {
      afterBroadcast.cancel()
      close()
    }
  }, [courseId, queryClient])
  if (status?.courseId !== courseId) return 'connecting'
  return status.live ? 'live' : 'off'
}

/** How many learners and staff have the course open right now (this one included), or null until known. */
export function useLearningNow(courseId: string, userId: string): number | null {
  const [count, setCount] = useState<{ courseId: string; count: number } | null>(null)
  useEffect(() => {
    let close: (() => void) | undefined
    let cancelled = false
    void presenceKey(courseId, userId).then((key) => {
      if (cancelled) return
      close = openChannel(
        courseLiveTopic(courseId),
        (channel) =>
          channel
            .on('presence', { event: 'sync' }, () => {
              setCount({ courseId, count: Object.keys(channel.presenceState()).length })
            })
            .subscribe((state) => {
              // One track per join: Realtime allows a client 5 presence calls per channel in 30 s.
              if (state === 'SUBSCRIBED') void channel.track({})
            }),
        { config: { private: true, presence: { key } } },
      )
    })
    return () => {
      cancelled = true
      close?.()
    }
  }, [courseId, userId])
  return count?.courseId === courseId ? count.count : null
}

// Progress a learner saved on this device while offline is sent from whichever page they open next, home included,
// not only from a player or course page: once someone is signed in, the outbox is loaded and started. Mounted with the
// signed-in listeners (signed-in-listeners.tsx), so visitors' first load goes without it.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSession } from '@/lib/use-session'

export function ProgressOutboxStarter() {
  const signedIn = useSession().user !== null
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!signedIn) return
    let stop: (() => void) | undefined
    let cancelled = false
    void import('@/features/learn/api/progress.mutations').then(({ startOutboxEverywhere }) => {
      if (!cancelled) stop = startOutboxEverywhere(queryClient)
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [signedIn, queryClient])
  return null
}

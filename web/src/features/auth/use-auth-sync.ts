// Keeps the app in step with who is signed in: when the user changes (sign in, sign out, or either in
// another tab), cached queries are reset and route guards and loaders run again.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { supabase } from '@/lib/supabase'

export function useAuthSync(): void {
  const queryClient = useQueryClient()
  const router = useRouter()

  useEffect(() => {
    let userId: string | null | undefined
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const next = session?.user.id ?? null
      const previous = userId
      userId = next
      // The first event is the stored session; token refreshes keep the same user.
      if (event === 'INITIAL_SESSION' || previous === undefined || previous === next) return
      // Outside the callback: supabase-js holds a lock while it runs, and refetches call back into it.
      setTimeout(() => {
        void queryClient.resetQueries()
        void router.invalidate()
      }, 0)
    })
    return () => data.subscription.unsubscribe()
  }, [queryClient, router])
}

// Privacy mutations. Ending sessions refreshes the sessions list; export hands the document to the caller to
// save; deleting the account goes through the shared step-up guard (aal2 when the user has a second factor), which
// the route hands down (a feature imports no other feature).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { deleteAccount, endSession, exportAccount, signOutHere, signOutOtherSessions } from './privacy.api'
import { privacyQueries } from './privacy.queries'

export function useEndSession(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string) => endSession(supabase, sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyQueries.sessions(userId).queryKey }),
  })
}

export function useSignOutOtherSessions(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => signOutOtherSessions(supabase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyQueries.sessions(userId).queryKey }),
  })
}

export function useExportAccount() {
  return useMutation({ mutationFn: () => exportAccount(supabase) })
}

/** useStepUp().guard: runs an act, stepping up to a second factor and retrying once when it is asked for. */
export type StepUpGuard = <T>(act: () => Promise<T>) => Promise<T>

/**
 * Deletes the account (stepping up first when asked), then forgets the session in this browser. `onDeleted` is a
 * mutation-level callback on purpose: signing out sends the account page away, and a `mutate(…, { onSuccess })`
 * callback would not run once its component is gone.
 */
export function useDeleteAccount(guard: StepUpGuard, onDeleted: () => void) {
  return useMutation({
    mutationFn: async (confirmation: string) => {
      await guard(() => deleteAccount(supabase, confirmation))
      await signOutHere(supabase)
    },
    onSuccess: onDeleted,
  })
}

// The enroll mutations (open enroll, access code, invite link): after a new or existing enrollment the course's
// outline (locks, viewer) and the learner's course list are stale; nothing else is.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import { enroll } from './enroll.api'

function refreshAfterEnroll(queryClient: QueryClient, slug: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
  ])
}

/** Enrolls in an open course. */
export function useEnroll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug }: { slug: string }) => enroll(supabase, { slug }),
    onSuccess: (_result, { slug }) => refreshAfterEnroll(queryClient, slug),
  })
}

/** Redeems an access code for a code course. */
export function useRedeemCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, code }: { slug: string; code: string }) => enroll(supabase, { slug, code }),
    onSuccess: (_result, { slug }) => refreshAfterEnroll(queryClient, slug),
  })
}

/** Accepts an invite link; `slug` (from the invite's preview) names the caches to refresh. */
export function useAcceptInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ token }: { token: string; slug: string }) => enroll(supabase, { invite_token: token }),
    onSuccess: (_result, { slug }) => refreshAfterEnroll(queryClient, slug),
  })
}

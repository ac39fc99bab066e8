// The enroll mutation: after a (new or existing) enrollment, the course's outline (locks, viewer) and the
// learner's course list are stale; nothing else is.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { enroll } from './enroll.api'
import { courseKeys } from '@/lib/courses/course-keys'

export function useEnroll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slug }: { slug: string }) => enroll(supabase, { slug }),
    onSuccess: (_result, { slug }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
      ]),
  })
}

// Studio home mutations: creating a school or a course refreshes only my school list (and, for a school, whether
// I am a member anywhere).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { createCourse, createSchool } from './schools.api'
import { studioKeys } from './studio.queries'

export function useCreateSchool(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: { name: string; slug: string }) => createSchool(supabase, values),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.schools(userId) }),
        // A first school makes me a member: the header's Studio entry appears.
        queryClient.invalidateQueries({ queryKey: studioKeys.membership(userId) }),
      ]),
  })
}

export function useCreateCourse(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: { schoolId: string; title: string; slug: string }) => createCourse(supabase, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.schools(userId) }),
  })
}

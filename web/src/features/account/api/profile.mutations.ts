// Profile mutations: the saved row replaces the cached one, so the header's name and avatar update
// at once without a refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { updateProfile, type ProfileUpdate } from './profile.api'
import { profileQueries } from './profile.queries'

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: ProfileUpdate) => updateProfile(supabase, userId, values),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueries.detail(userId).queryKey, profile)
    },
  })
}

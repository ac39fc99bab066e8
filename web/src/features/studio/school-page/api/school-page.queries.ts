// The studio's school page settings query and its save mutations. Saving also drops the public page's cache
// (['schools', ...], the school feature's keys), so the owner sees the new text and colour there at once.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { retryNetworkOnce, studioKeys } from '../../api/studio-keys'
import {
  getSchoolPageSettings,
  saveSchoolPage,
  setSchoolLogo,
  type SchoolPageSettings,
  type SchoolPageValues,
} from './school-page.api'

export const schoolPageKeys = {
  settings: (schoolId: string, userId: string) => [...studioKeys.all(), 'school-page', schoolId, userId] as const,
}

/** The public school pages' cache prefix (features/schools' schoolKeys.all()). */
const publicSchoolPages = ['schools'] as const

export const schoolPageQueries = {
  settings: (schoolId: string, userId: string) =>
    queryOptions({
      queryKey: schoolPageKeys.settings(schoolId, userId),
      queryFn: () => getSchoolPageSettings(supabase, schoolId, userId),
      retry: retryNetworkOnce,
    }),
}

function useAfterSave(schoolId: string, userId: string) {
  const queryClient = useQueryClient()
  return (patch: Partial<SchoolPageSettings>) => {
    queryClient.setQueryData(schoolPageKeys.settings(schoolId, userId), (old: SchoolPageSettings | null | undefined) =>
      old ? { ...old, ...patch } : old,
    )
    void queryClient.invalidateQueries({ queryKey: publicSchoolPages })
  }
}

export function useSaveSchoolPage(schoolId: string, userId: string) {
  const afterSave = useAfterSave(schoolId, userId)
  return useMutation({
    mutationFn: (values: SchoolPageValues) => saveSchoolPage(supabase, schoolId, values),
    onSuccess: (row) => afterSave(row),
  })
}

export function useSetSchoolLogo(schoolId: string, userId: string) {
  const afterSave = useAfterSave(schoolId, userId)
  return useMutation({
    mutationFn: (logoPath: string | null) => setSchoolLogo(supabase, schoolId, logoPath),
    onSuccess: (logo_path) => afterSave({ logo_path }),
  })
}

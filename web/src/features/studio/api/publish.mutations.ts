// Changing a course's state (publish, back to draft, archive). The database guards every transition; on success
// the editor's course, its checklist and my school list are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Database } from '@/lib/database.types'
import { supabase } from '@/lib/supabase'
import { setCourseStatus } from './course.api'
import { studioKeys } from './studio.queries'

export function useSetCourseStatus(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: Database['public']['Enums']['course_status']) => setCourseStatus(supabase, courseId, status),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.course(courseId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.schoolLists() }),
      ]),
  })
}

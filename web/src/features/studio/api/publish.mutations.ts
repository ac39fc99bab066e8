// Changing a course's state (publish, back to draft, archive). The database guards every transition; on success
// the editor's course takes the new state, and its checklist, my school list and every cached course page, player
// and catalog page (the course's badge, previews, whether the catalog lists it) are refreshed. Archiving a course
// with learners needs a second factor: the step-up dialog asks for it and the change runs again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useStepUp } from '@/lib/step-up'
import { courseKeys } from '@/lib/courses/course-keys'
import type { Database } from '@/lib/database.types'
import { supabase } from '@/lib/supabase'
import { setCourseStatus, type EditableCourse } from './course.api'
import { studioKeys } from './studio.queries'

export function useSetCourseStatus(courseId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (status: Database['public']['Enums']['course_status']) =>
      guard(() => setCourseStatus(supabase, courseId, status)),
    onSuccess: (row) => {
      // The editor's copy takes the new state and version in place: a refetch could bring back other fields
      // under the autosave's feet.
      queryClient.setQueryData(studioKeys.details(courseId), (old: EditableCourse | null | undefined) =>
        old ? { ...old, ...row } : old,
      )
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.checklist(courseId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.schoolLists() }),
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
      ]),
  })
}

// Query keys and options for the lesson editor, under the studio's course key so that invalidating a course
// reaches its lessons too. Refusals and a missing lesson are not retried; a network failure is, once.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { retryNetworkOnce, studioKeys } from '../api/studio.queries'
import { getLessonBundle } from './lesson.api'

export const lessonKeys = {
  detail: (courseId: string, lessonId: string) => [...studioKeys.course(courseId), 'lesson', lessonId] as const,
}

export const lessonQueries = {
  detail: ({ courseId, lessonId, userId }: { courseId: string; lessonId: string; userId: string }) =>
    queryOptions({
      queryKey: [...lessonKeys.detail(courseId, lessonId), userId] as const,
      queryFn: () => getLessonBundle(supabase, { courseId, lessonId, userId }),
      retry: retryNetworkOnce,
      // The editor owns this data while open; a background refetch would fight the autosave.
      staleTime: Infinity,
    }),
}

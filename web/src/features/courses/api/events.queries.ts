// Event queries: a course's events as its enrolled learner sees them, keyed by the course (the session is the other
// input; a change of user resets every query, see use-auth-sync).
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { listCourseEvents } from './events.api'

export const eventKeys = {
  all: ['events'] as const,
  course: (courseId: string) => [...eventKeys.all, 'course', courseId] as const,
}

export const eventQueries = {
  course: (courseId: string) =>
    queryOptions({
      queryKey: eventKeys.course(courseId),
      queryFn: () => listCourseEvents(supabase, courseId),
    }),
}

// Query options for the study plan editor and the calendar subscription: the courses a plan can be made for, the
// plans with their state, and the live feed. Keys are calendarKeys', so the calendar's writes refresh them.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getLiveFeed } from './calendar-feed.api'
import { calendarKeys } from './calendar.queries'
import { listPlannableCourses, listStudyPlans } from './study-plans.api'

export const planQueries = {
  courses: (userId: string) =>
    queryOptions({
      queryKey: calendarKeys.courses(userId),
      queryFn: () => listPlannableCourses(supabase, userId),
    }),
  plans: (userId: string) =>
    queryOptions({
      queryKey: calendarKeys.plans(userId),
      queryFn: () => listStudyPlans(supabase),
    }),
  feed: (userId: string) =>
    queryOptions({
      queryKey: calendarKeys.feed(userId),
      queryFn: () => getLiveFeed(supabase),
    }),
}

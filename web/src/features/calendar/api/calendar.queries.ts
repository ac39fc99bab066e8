// Query keys and options for the calendar (TkDodo's factory). Every call answers about the signed-in learner, so
// the user id is in each key to keep one learner's calendar from another's; a range's bounds are in its key. The
// items and the zone are here, for home's first load too; the plans and the feed are in plans.queries.ts.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getCalendarTimeZone, listCalendarItems } from './calendar.api'

/** How far ahead home's "Upcoming" looks, and how many it shows. */
export const UPCOMING_DAYS = 60
export const UPCOMING_COUNT = 3

export const calendarKeys = {
  all: () => ['calendar'] as const,
  user: (userId: string) => [...calendarKeys.all(), userId] as const,
  timeZone: (userId: string) => [...calendarKeys.user(userId), 'time-zone'] as const,
  items: (userId: string) => [...calendarKeys.user(userId), 'items'] as const,
  range: (userId: string, from: string, to: string) => [...calendarKeys.items(userId), from, to] as const,
  upcoming: (userId: string) => [...calendarKeys.items(userId), 'upcoming'] as const,
  courses: (userId: string) => [...calendarKeys.user(userId), 'courses'] as const,
  plans: (userId: string) => [...calendarKeys.user(userId), 'plans'] as const,
  feed: (userId: string) => [...calendarKeys.user(userId), 'feed'] as const,
}

export const calendarQueries = {
  timeZone: (userId: string) =>
    queryOptions({
      queryKey: calendarKeys.timeZone(userId),
      queryFn: () => getCalendarTimeZone(supabase, userId),
    }),
  range: (userId: string, from: string, to: string) =>
    queryOptions({
      queryKey: calendarKeys.range(userId, from, to),
      queryFn: () => listCalendarItems(supabase, { from, to }),
    }),
  /** The next few items from the moment it is asked. */
  upcoming: (userId: string) =>
    queryOptions({
      queryKey: calendarKeys.upcoming(userId),
      queryFn: () => {
        const now = new Date()
        const to = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000)
        return listCalendarItems(supabase, { from: now.toISOString(), to: to.toISOString(), max: UPCOMING_COUNT })
      },
    }),
}

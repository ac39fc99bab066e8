// Typed data access for the calendar page and home's "Upcoming": calendar_items() for a range and the learner's time
// zone (their profile's, else the device's). Every function throws on error.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'
import { calendarItemRowSchema, type CalendarKind } from '../schemas/calendar.schemas'

export interface CalendarItem {
  id: string
  kind: CalendarKind
  title: string
  courseId: string
  courseSlug: string
  courseTitle: string
  startsAt: string
  endsAt: string | null
  joinUrl: string | null
}

const rowsSchema = z.array(calendarItemRowSchema)

export async function listCalendarItems(
  client: SupabaseClient,
  range: { from: string; to: string; max?: number },
): Promise<CalendarItem[]> {
  const { data, error } = await client.rpc('calendar_items', {
    from_at: range.from,
    to_at: range.to,
    ...(range.max ? { max_items: range.max } : {}),
  })
  if (error) throw error
  return rowsSchema.parse(data).map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    courseId: row.course_id,
    courseSlug: row.course_slug,
    courseTitle: row.course_title,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    joinUrl: row.join_url,
  }))
}

export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** The zone the learner's calendar is shown in: the profile's (which plans are laid out in), else the device's. */
export async function getCalendarTimeZone(client: SupabaseClient, userId: string): Promise<string> {
  const { data, error } = await client.from('profiles').select('timezone').eq('id', userId).maybeSingle()
  if (error) throw error
  return data?.timezone || deviceTimeZone()
}

// A course's live sessions and deadlines as its instructors plan them (every cohort's, under the events policies),
// and creating, changing and cancelling them.
import type { SupabaseClient } from '@/lib/supabase'

export interface PlannedEvent {
  id: string
  kind: 'live' | 'deadline'
  title: string
  startsAt: string
  endsAt: string | null
  joinUrl: string | null
  cohortId: string | null
}

export type EventInput = Omit<PlannedEvent, 'id'>

export async function listEvents(client: SupabaseClient, courseId: string): Promise<PlannedEvent[]> {
  const { data, error } = await client
    .from('events')
    .select('id, kind, title, starts_at, ends_at, join_url, cohort_id')
    .eq('course_id', courseId)
    .order('starts_at')
    .order('id')
  if (error) throw error
  return data.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    joinUrl: r.join_url,
    cohortId: r.cohort_id,
  }))
}

const row = (input: EventInput) => ({
  kind: input.kind,
  title: input.title,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  join_url: input.joinUrl,
  cohort_id: input.cohortId,
})

export async function createEvent(client: SupabaseClient, courseId: string, input: EventInput) {
  const { error } = await client.from('events').insert({ course_id: courseId, ...row(input) })
  if (error) throw error
}

export async function updateEvent(client: SupabaseClient, eventId: string, input: EventInput) {
  const { data, error } = await client.from('events').update(row(input)).eq('id', eventId).select('id')
  if (error) throw error
  if (data.length === 0) throw { code: 'forbidden' }
}

export async function deleteEvent(client: SupabaseClient, eventId: string) {
  const { data, error } = await client.from('events').delete().eq('id', eventId).select('id')
  if (error) throw error
  if (data.length === 0) throw { code: 'forbidden' }
}

// Typed data access for announcements: the staff's list of a course's announcements (sent, scheduled and deleted,
// as RLS lets the course's staff read them), the learners' list (RLS gives them the sent, undeleted ones of their
// course and cohort), the course's cohorts for the audience, and the staff's writes (create, send now, delete).
// Sending, notifying and emailing are the database's. Every function throws on error.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

export const announcementSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  cohort_id: z.nullable(z.string()),
  title: z.string(),
  body_md: z.string(),
  send_at: z.string(),
  sent_at: z.nullable(z.string()),
  deleted_at: z.nullable(z.string()),
  created_at: z.string(),
})
export type Announcement = z.infer<typeof announcementSchema>

const columns = 'id, course_id, cohort_id, title, body_md, send_at, sent_at, deleted_at, created_at'

export interface CohortOption {
  id: string
  name: string
}

/** Every announcement of the course, newest first (the course's staff). */
export async function listCourseAnnouncements(client: SupabaseClient, courseId: string): Promise<Announcement[]> {
  const { data, error } = await client
    .from('announcements')
    .select(columns)
    .eq('course_id', courseId)
    .order('created_at', { ascending: false })
  if (error) throw error
  return z.array(announcementSchema).parse(data)
}

/** The sent, undeleted announcements of a course the reader may see, newest first. */
export async function listSentAnnouncements(client: SupabaseClient, courseId: string): Promise<Announcement[]> {
  const { data, error } = await client
    .from('announcements')
    .select(columns)
    .eq('course_id', courseId)
    .not('sent_at', 'is', null)
    .is('deleted_at', null)
    .order('sent_at', { ascending: false })
    .limit(20)
  if (error) throw error
  return z.array(announcementSchema).parse(data)
}

/** The course's cohorts, for choosing an announcement's audience. */
export async function listAnnouncementCohorts(client: SupabaseClient, courseId: string): Promise<CohortOption[]> {
  const { data, error } = await client.from('cohorts').select('id, name').eq('course_id', courseId).order('starts_at')
  if (error) throw error
  return z.array(z.object({ id: z.string(), name: z.string() })).parse(data)
}

export interface AnnouncementInput {
  courseId: string
  cohortId: string | null
  title: string
  bodyMd: string
  /** ISO time to send at; null: now. */
  sendAt: string | null
}

export async function createAnnouncement(client: SupabaseClient, input: AnnouncementInput): Promise<Announcement> {
  const { data, error } = await client
    .from('announcements')
    .insert({
      course_id: input.courseId,
      cohort_id: input.cohortId,
      title: input.title,
      body_md: input.bodyMd,
      ...(input.sendAt ? { send_at: input.sendAt } : {}),
    })
    .select(columns)
    .single()
  if (error) throw error
  return announcementSchema.parse(data)
}

/** Sends a scheduled announcement now (its send time moves to now; the database sends it). */
export async function sendAnnouncementNow(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('announcements').update({ send_at: new Date().toISOString() }).eq('id', id)
  if (error) throw error
}

/** Deletes an announcement: hidden from learners with its notifications; a scheduled one is not sent. */
export async function deleteAnnouncement(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('announcements').update({ deleted_at: new Date().toISOString() }).eq('id', id)
  if (error) throw error
}

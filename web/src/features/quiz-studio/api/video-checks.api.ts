// In-video checks of a video lesson: a bank question pinned at a second of the video. Staff add and remove them;
// two checks cannot share a second (the database's unique rule answers 23505).
import type { SupabaseClient } from '@/lib/supabase'

export interface VideoCheck {
  id: string
  at_s: number
  question_id: string
}

export async function listVideoChecks(client: SupabaseClient, lessonId: string): Promise<VideoCheck[]> {
  const { data, error } = await client
    .from('video_checks')
    .select('id, at_s, question_id')
    .eq('lesson_id', lessonId)
    .order('at_s')
  if (error) throw error
  return data
}

export async function addVideoCheck(
  client: SupabaseClient,
  values: { courseId: string; lessonId: string; atS: number; questionId: string },
): Promise<void> {
  const { error } = await client.from('video_checks').insert({
    course_id: values.courseId,
    lesson_id: values.lessonId,
    at_s: values.atS,
    question_id: values.questionId,
  })
  if (error) throw error
}

export async function removeVideoCheck(client: SupabaseClient, checkId: string): Promise<void> {
  const { error } = await client.from('video_checks').delete().eq('id', checkId)
  if (error) throw error
}

// The one call behind the course page and the player: `course_outline`, answered by index.html's early request when
// it asked the same question with the same token (lib/early-requests.ts), else by the API, and its cache entry, which
// the two screens share and progress writes patch (course-keys.ts).
import { queryOptions } from '@tanstack/react-query'
import { earlyRpc } from '../early-requests'
import { supabase, type SupabaseClient } from '../supabase'
import { courseKeys } from './course-keys'
import { courseOutlineSchema, type CourseOutline } from './course-outline.schema'

/**
 * Everything the course page and the player show of a course, for the caller (locks, progress, enrollment) in one
 * request. With asLearner, a member of the course's school gets it as a learner who enrolled today would (the database
 * ignores it for others). PostgREST's error is thrown, from the early answer or the API alike.
 */
export async function getCourseOutline(
  client: SupabaseClient,
  slug: string,
  asLearner = false,
): Promise<CourseOutline> {
  const args = asLearner ? { slug, as_learner: true } : { slug }
  let answer = await earlyRpc(client, 'course_outline', args)
  if (answer === null) {
    const { data, error } = await client.rpc('course_outline', args)
    if (error) throw error
    answer = data
  }
  return courseOutlineSchema.parse(answer)
}

/**
 * Per viewer (locks, progress, enrollment): sign-in and sign-out must invalidate `courseKeys.outlines()`. With
 * asLearner (a member's "Preview as learner") it is cached apart, under `courseKeys.preview`.
 */
export const courseOutlineQuery = (slug: string, asLearner = false) =>
  queryOptions({
    queryKey: asLearner ? courseKeys.preview(slug) : courseKeys.outline(slug),
    queryFn: () => getCourseOutline(supabase, slug, asLearner),
    // A preview is opened to check the latest edits: always asked again.
    ...(asLearner && { staleTime: 0 }),
  })

// Integration: the player's content read against the running stack (SUMMIT_TEST_API_URL) and its demo courses,
// through supabase-js, as a visitor and as a fresh learner of the sequential course (its sequence and release locks).
// The content comes back exactly where the outline opens the lesson (and the lesson has a content row): the policy on
// `lesson_contents` and the outline's lock rule agree. Skipped when no stack is running.
import { afterAll, describe, expect, it } from 'vitest'
import { getCourseOutline } from '@/lib/courses/course-outline-call'
import { lessonsInOrder } from '@/lib/courses/lessons'
import type { SupabaseClient } from '@/lib/supabase'
import { apiUrl, deleteTestUser, secretKey, signedInTestUser, stackClient } from '@/testing/stack'
import { getLessonContent } from './learn.api'

const openCourse = 'web-accessibility-basics'
// Sequential, a section released later, enrolled with its access code (supabase/seed.sql).
const sequentialCourse = { slug: 'sql-for-product-people', code: 'QUERY234' }

/**
 * Each lesson of the course: whether the caller's outline opens it, and whether the caller read its content, beside
 * whether it has a content row at all (read with the secret key).
 */
async function contentByLesson(client: SupabaseClient, slug: string) {
  const outline = await getCourseOutline(client, slug)
  const { data, error } = await stackClient(secretKey)
    .from('lesson_contents')
    .select('lesson_id')
    .eq('course_id', outline.course.id)
  expect(error).toBeNull()
  const withRows = new Set((data ?? []).map((row) => row.lesson_id))
  return Promise.all(
    lessonsInOrder(outline).map(async (lesson) => ({
      id: lesson.id,
      available: lesson.available,
      hasRow: withRows.has(lesson.id),
      read: (await getLessonContent(client, lesson.id)) !== null,
    })),
  )
}

describe.skipIf(!apiUrl)("the player's lesson content on the running stack", () => {
  let learnerId: string

  afterAll(async () => {
    if (learnerId) await deleteTestUser(learnerId)
  })

  it('gives a visitor the preview lessons only, as the outline opens them', async () => {
    const lessons = await contentByLesson(stackClient(), openCourse)
    expect(lessons.some((l) => l.available && l.hasRow) && lessons.some((l) => !l.available && l.hasRow)).toBe(true)
    for (const lesson of lessons) expect(lesson.read, lesson.id).toBe(lesson.available && lesson.hasRow)
  })

  it('gives an enrolled learner every lesson the outline opens, and nothing it locks', async () => {
    const { id, client: learner } = await signedInTestUser('content')
    learnerId = id
    expect((await learner.functions.invoke('enroll', { body: sequentialCourse })).error).toBeNull()

    const lessons = await contentByLesson(learner, sequentialCourse.slug)
    expect(lessons.some((l) => l.available && l.hasRow) && lessons.some((l) => !l.available && l.hasRow)).toBe(true)
    for (const lesson of lessons) expect(lesson.read, lesson.id).toBe(lesson.available && lesson.hasRow)
    const preview = await getLessonContent(learner, 'e0000000-0000-4000-8000-000000001001')
    expect(preview?.body_md).toContain('Accessibility is about people')
  })

  it('reads an unknown lesson as no content', async () => {
    await expect(getLessonContent(stackClient(), 'e0000000-0000-4000-8000-00000000ffff')).resolves.toBeNull()
  })
})

// The loader of every studio page about one course: the course's title for the page and its document title, or the
// router's not-found (unknown, or of another school) — read through the details query the editor shares.
import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { studioQueries } from './studio.queries'

export async function loadStudioCourseTitle(queryClient: QueryClient, courseId: string): Promise<{ title: string }> {
  const course = await queryClient.ensureQueryData(studioQueries.details(courseId))
  if (!course) throw notFound()
  return { title: course.title }
}

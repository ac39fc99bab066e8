// The studio's query keys (TkDodo's factory) and its retry rule, apart from the queries themselves: the header's
// membership check uses them on every page, and must not bring the studio's data access into the entry chunk.
import { errorCode } from '@/lib/errors'

export function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const studioKeys = {
  all: () => ['studio'] as const,
  schoolLists: () => [...studioKeys.all(), 'schools'] as const,
  schools: (userId: string) => [...studioKeys.schoolLists(), userId] as const,
  membership: (userId: string) => [...studioKeys.all(), 'membership', userId] as const,
  course: (courseId: string) => [...studioKeys.all(), 'course', courseId] as const,
  details: (courseId: string) => [...studioKeys.course(courseId), 'details'] as const,
  curriculum: (courseId: string) => [...studioKeys.course(courseId), 'curriculum'] as const,
  checklist: (courseId: string) => [...studioKeys.course(courseId), 'checklist'] as const,
  slug: (kind: 'school' | 'course', slug: string) => [...studioKeys.all(), 'slug', kind, slug] as const,
}

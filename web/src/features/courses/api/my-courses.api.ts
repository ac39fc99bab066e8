// The signed-in learner's courses for the home page, with progress, in one request: enrollments embed their course,
// its lessons' durations and the learner's own completed lesson_progress rows.
import type { SupabaseClient } from '@/lib/supabase'
import type { CourseLevel } from '@/lib/courses/course-outline.schema'

export interface MyCourse {
  enrollmentId: string
  status: 'active' | 'completed'
  enrolledAt: string
  lastActivityAt: string | null
  course: {
    id: string
    slug: string
    title: string
    subtitle: string | null
    coverPath: string | null
    level: CourseLevel
    schoolName: string | null
  }
  lessonCount: number
  completedCount: number
  percent: number
  durationS: number
  remainingS: number
}

interface EnrollmentRow {
  id: string
  status: 'active' | 'completed' | 'removed'
  enrolled_at: string
  last_activity_at: string | null
  course: {
    id: string
    slug: string
    title: string
    subtitle: string | null
    cover_path: string | null
    level: CourseLevel
    school: { name: string } | null
    lessons: { id: string; duration_s: number; lesson_progress: { status: string }[] }[]
  } | null
}

// Named foreign keys: enrollments also reach lessons through last_lesson_id, which makes courses-lessons ambiguous.
const MY_COURSES_COLUMNS = `id, status, enrolled_at, last_activity_at,
  course:courses!enrollments_course_id_fkey(id, slug, title, subtitle, cover_path, level, school:schools(name),
    lessons!lessons_course_id_fkey(id, duration_s, lesson_progress(status)))`

/** Active and completed enrollments of `userId`, most recently active first. */
export async function listMyCourses(client: SupabaseClient, userId: string): Promise<MyCourse[]> {
  const { data, error } = await client
    .from('enrollments')
    .select(MY_COURSES_COLUMNS)
    .eq('user_id', userId)
    .in('status', ['active', 'completed'])
    // Instructors can read their learners' progress too: keep only this learner's completed rows.
    .eq('course.lessons.lesson_progress.user_id', userId)
    .eq('course.lessons.lesson_progress.status', 'completed')
    .order('last_activity_at', { ascending: false, nullsFirst: false })
    .order('enrolled_at', { ascending: false })
  if (error) throw error
  return (data as unknown as EnrollmentRow[]).flatMap(toMyCourse)
}

function toMyCourse(row: EnrollmentRow): MyCourse[] {
  // A course the learner can no longer read (unpublished since) has nothing to show.
  if (!row.course || row.status === 'removed') return []
  const lessons = row.course.lessons
  const done = lessons.filter((lesson) => lesson.lesson_progress.length > 0)
  const durationS = lessons.reduce((sum, lesson) => sum + lesson.duration_s, 0)
  const doneS = done.reduce((sum, lesson) => sum + lesson.duration_s, 0)
  return [
    {
      enrollmentId: row.id,
      status: row.status,
      enrolledAt: row.enrolled_at,
      lastActivityAt: row.last_activity_at,
      course: {
        id: row.course.id,
        slug: row.course.slug,
        title: row.course.title,
        subtitle: row.course.subtitle,
        coverPath: row.course.cover_path,
        level: row.course.level,
        schoolName: row.course.school?.name ?? null,
      },
      lessonCount: lessons.length,
      completedCount: done.length,
      percent: lessons.length === 0 ? 0 : Math.floor((done.length / lessons.length) * 100),
      durationS,
      remainingS: durationS - doneS,
    },
  ]
}

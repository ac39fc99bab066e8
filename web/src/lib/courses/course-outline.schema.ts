// The JSON that `rpc('course_outline', { slug })` returns and a lesson's content row, as zod schemas: the course page,
// the home page and the player all read the outline through this parse, so a change in the RPC's shape fails loudly
// here. zod/mini (functions instead of methods) because this parse is on every page's first load; full zod tree-shakes
// badly.
import * as z from 'zod/mini'

const timestamp = z.string()

export const courseLevelSchema = z.enum(['beginner', 'intermediate', 'advanced'])
export type CourseLevel = z.infer<typeof courseLevelSchema>

export const lessonLockSchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('enroll') }),
  z.object({ reason: z.literal('release'), opens_at: timestamp }),
  z.object({ reason: z.literal('sequence'), lesson_id: z.string(), lesson_title: z.string() }),
])
export type LessonLock = z.infer<typeof lessonLockSchema>

export const lessonProgressSchema = z.object({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  position_s: z.number(),
  watched_s: z.number(),
  completed_at: z.nullable(timestamp),
  completed_by: z.nullable(z.enum(['manual', 'rule', 'instructor'])),
  updated_at: timestamp,
})
export type LessonProgress = z.infer<typeof lessonProgressSchema>

export const lessonQuizSchema = z.object({
  pass_mark: z.number(),
  best_percent: z.nullable(z.number()),
  passed: z.boolean(),
})
export type LessonQuiz = z.infer<typeof lessonQuizSchema>

export const outlineLessonSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  kind: z.enum(['video', 'text', 'quiz']),
  duration_s: z.number(),
  is_preview: z.boolean(),
  completion_rule: z.enum(['manual', 'video']),
  completion_threshold: z.number(),
  available: z.boolean(),
  lock: z.nullable(lessonLockSchema),
  progress: z.nullable(lessonProgressSchema),
  // Quiz lessons only: the pass mark and the caller's best score (null before a graded attempt).
  quiz: z.optional(z.nullable(lessonQuizSchema)),
})
export type OutlineLesson = z.infer<typeof outlineLessonSchema>

export const outlineSectionSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  release_at: z.nullable(timestamp),
  release_offset_days: z.nullable(z.number()),
  duration_s: z.number(),
  lesson_count: z.number(),
  completed_count: z.number(),
  lessons: z.array(outlineLessonSchema),
})
export type OutlineSection = z.infer<typeof outlineSectionSchema>

export const enrollmentSummarySchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'completed', 'removed']),
  enrolled_at: timestamp,
  completed_at: z.nullable(timestamp),
  last_lesson_id: z.nullable(z.string()),
})
export type EnrollmentSummary = z.infer<typeof enrollmentSummarySchema>

export const courseProgressSchema = z.object({
  completed: z.number(),
  total: z.number(),
  percent: z.number(),
})
export type CourseProgress = z.infer<typeof courseProgressSchema>

export const outlineCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  description_md: z.string(),
  cover_path: z.nullable(z.string()),
  level: courseLevelSchema,
  language: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  visibility: z.enum(['public', 'unlisted']),
  enrollment_mode: z.enum(['open', 'invite', 'code']),
  progression: z.enum(['free', 'sequential']),
  certificate_enabled: z.boolean(),
  published_at: z.nullable(timestamp),
  school: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  instructors: z.array(
    z.object({
      display_name: z.string(),
      avatar_path: z.nullable(z.string()),
      role: z.enum(['owner', 'instructor']),
    }),
  ),
  duration_s: z.number(),
  lesson_count: z.number(),
})
export type OutlineCourse = z.infer<typeof outlineCourseSchema>

/** A lesson's content (a `lesson_contents` row), read by the player apart from the outline. */
export const lessonContentSchema = z.object({
  body_md: z.string(),
  video_path: z.nullable(z.string()),
  captions_path: z.nullable(z.string()),
  attachments: z.array(z.unknown()),
})
export type LessonContent = z.infer<typeof lessonContentSchema>

export const courseOutlineSchema = z.object({
  course: outlineCourseSchema,
  viewer: z.object({
    signed_in: z.boolean(),
    is_member: z.boolean(),
    // A member of the course's school previewing it as a learner who enrolled today: no enrollment, no progress.
    // Always sent by course_outline; optional so outlines built without it (tests, caches) read as "not a preview".
    as_learner: z.optional(z.boolean()),
    enrollment: z.nullable(enrollmentSummarySchema),
  }),
  progress: courseProgressSchema,
  sections: z.array(outlineSectionSchema),
})
export type CourseOutline = z.infer<typeof courseOutlineSchema>

// The jsonb that `rpc('course_outline', { slug, lesson_id? })` returns, as a zod schema: the course page, the home
// page and the player all read the outline through this parse, so a change in the RPC's shape fails loudly here.
import { z } from 'zod'

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
  completed_at: timestamp.nullable(),
  completed_by: z.enum(['manual', 'rule', 'instructor']).nullable(),
  updated_at: timestamp,
})
export type LessonProgress = z.infer<typeof lessonProgressSchema>

export const outlineLessonSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  kind: z.enum(['video', 'text']),
  duration_s: z.number(),
  is_preview: z.boolean(),
  completion_rule: z.enum(['manual', 'video']),
  completion_threshold: z.number(),
  available: z.boolean(),
  lock: lessonLockSchema.nullable(),
  progress: lessonProgressSchema.nullable(),
})
export type OutlineLesson = z.infer<typeof outlineLessonSchema>

export const outlineSectionSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  release_at: timestamp.nullable(),
  release_offset_days: z.number().nullable(),
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
  completed_at: timestamp.nullable(),
  last_lesson_id: z.string().nullable(),
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
  subtitle: z.string().nullable(),
  description_md: z.string(),
  cover_path: z.string().nullable(),
  level: courseLevelSchema,
  language: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  visibility: z.enum(['public', 'unlisted']),
  enrollment_mode: z.enum(['open', 'invite', 'code']),
  progression: z.enum(['free', 'sequential']),
  certificate_enabled: z.boolean(),
  published_at: timestamp.nullable(),
  school: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  instructors: z.array(
    z.object({
      display_name: z.string(),
      avatar_path: z.string().nullable(),
      role: z.enum(['owner', 'instructor']),
    }),
  ),
  duration_s: z.number(),
  lesson_count: z.number(),
})
export type OutlineCourse = z.infer<typeof outlineCourseSchema>

export const outlineLessonDetailSchema = z.object({
  id: z.string(),
  section_id: z.string(),
  content: z
    .object({
      body_md: z.string(),
      video_path: z.string().nullable(),
      captions_path: z.string().nullable(),
      attachments: z.array(z.unknown()),
    })
    .nullable(),
  prev_lesson_id: z.string().nullable(),
  next_lesson_id: z.string().nullable(),
})

export const courseOutlineSchema = z.object({
  course: outlineCourseSchema,
  viewer: z.object({
    signed_in: z.boolean(),
    is_member: z.boolean(),
    enrollment: enrollmentSummarySchema.nullable(),
  }),
  progress: courseProgressSchema,
  sections: z.array(outlineSectionSchema),
  // Only present when the call named a lesson (the player); the course page leaves it out.
  lesson: outlineLessonDetailSchema.nullable().optional(),
})
export type CourseOutline = z.infer<typeof courseOutlineSchema>

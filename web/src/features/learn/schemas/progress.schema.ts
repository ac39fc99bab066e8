// The `save_progress` RPC's input and answer as zod schemas: the input is checked before it leaves the browser (the
// database checks it again) and the answer is parsed so a change in the RPC's shape fails loudly here. zod/mini, as
// the course page loads these for its ticks and full zod is several times larger.
import * as z from 'zod/mini'

const seconds = z.int().check(z.minimum(0), z.maximum(86_400))

export const saveProgressInputSchema = z.object({
  // guid, not uuid: seeded ids need not carry an RFC 4122 version.
  lesson_id: z.guid(),
  position_s: seconds,
  watched_s: seconds,
  /** true ticks, false unticks, null/absent applies the lesson's completion rule. */
  completed: z.optional(z.nullable(z.boolean())),
  /** When the player observed this state; the server keeps the latest position by it. */
  observed_at: z.optional(z.nullable(z.string())),
})
export type SaveProgressInput = z.infer<typeof saveProgressInputSchema>

export const savedLessonProgressSchema = z.object({
  lesson_id: z.string(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  position_s: z.number(),
  watched_s: z.number(),
  completed_at: z.nullable(z.string()),
  completed_by: z.nullable(z.enum(['manual', 'rule', 'instructor'])),
  updated_at: z.string(),
})
export type SavedLessonProgress = z.infer<typeof savedLessonProgressSchema>

export const saveProgressResultSchema = z.object({
  progress: savedLessonProgressSchema,
  course_progress: z.object({ completed: z.number(), total: z.number(), percent: z.number() }),
  enrollment: z.object({ status: z.enum(['active', 'completed', 'removed']), completed_at: z.nullable(z.string()) }),
  course_completed_now: z.boolean(),
  incomplete_reason: z.nullable(z.enum(['watch', 'manual'])),
})
export type SaveProgressResult = z.infer<typeof saveProgressResultSchema>

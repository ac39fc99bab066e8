// The `save_progress` RPC's input and answer as zod schemas: the input is checked before it leaves the browser (the
// database checks it again) and the answer is parsed so a change in the RPC's shape fails loudly here.
import { z } from 'zod'

const seconds = z.number().int().min(0).max(86_400)

export const saveProgressInputSchema = z.object({
  // guid, not uuid: seeded ids need not carry an RFC 4122 version.
  lesson_id: z.guid(),
  position_s: seconds,
  watched_s: seconds,
  /** true ticks, false unticks, null/absent applies the lesson's completion rule. */
  completed: z.boolean().nullable().optional(),
  /** When the player observed this state; the server keeps the latest position by it. */
  observed_at: z.string().nullable().optional(),
})
export type SaveProgressInput = z.infer<typeof saveProgressInputSchema>

export const savedLessonProgressSchema = z.object({
  lesson_id: z.string(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  position_s: z.number(),
  watched_s: z.number(),
  completed_at: z.string().nullable(),
  completed_by: z.enum(['manual', 'rule', 'instructor']).nullable(),
  updated_at: z.string(),
})
export type SavedLessonProgress = z.infer<typeof savedLessonProgressSchema>

export const saveProgressResultSchema = z.object({
  progress: savedLessonProgressSchema,
  course_progress: z.object({ completed: z.number(), total: z.number(), percent: z.number() }),
  enrollment: z.object({ status: z.enum(['active', 'completed', 'removed']), completed_at: z.string().nullable() }),
  course_completed_now: z.boolean(),
  incomplete_reason: z.enum(['watch', 'manual']).nullable(),
})
export type SaveProgressResult = z.infer<typeof saveProgressResultSchema>

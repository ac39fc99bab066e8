// A lesson's progress as it arrives live: the `progress` broadcast of the learner's account channel (see the
// migration broadcast_progress), or another tab's save of this browser. Parsed, so a change of the broadcast's shape
// is dropped instead of drawn. zod/mini, as the course page loads it.
import * as z from 'zod/mini'
import { savedLessonProgressSchema } from './progress.schema'

export const liveProgressSchema = z.extend(savedLessonProgressSchema, {
  /** Sent by the database; a tab's own save does not carry it. */
  course_id: z.optional(z.string()),
})
export type LiveProgress = z.infer<typeof liveProgressSchema>

// The body of POST /functions/v1/notify-answer: `{ answer_id }`, nothing else; and the shape of what
// claim_answer_email answers, checked before anything is sent.
import { z } from 'zod'

export const notifyAnswerBody = z
  .strictObject({
    // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits.
    answer_id: z.guid({ error: 'The answer id must be a UUID.' }),
  }, { error: 'Send a JSON object with answer_id.' })
  .transform((body) => ({ answerId: body.answer_id }))

/** What the asker's email says, as claim_answer_email returns it. `to` is null for an account without an email. */
export const answerEmailSchema = z.object({
  to: z.string().nullable(),
  /** The asker, for their one-click unsubscribe link (absent from claims made before it was returned). */
  recipient_id: z.string().optional(),
  asker_name: z.string(),
  answerer_name: z.string(),
  is_instructor: z.boolean(),
  course_title: z.string(),
  course_slug: z.string(),
  lesson_id: z.string(),
  lesson_title: z.string(),
  question: z.string(),
  answer: z.string(),
})

export type AnswerEmail = z.infer<typeof answerEmailSchema>

/** The body of the scheduled retry (service role only): `{ retry: true }`. */
export const retryBody = z.strictObject({ retry: z.literal(true) }, { error: 'Send a JSON object with retry: true.' })

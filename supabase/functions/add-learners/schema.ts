// The body of POST /functions/v1/add-learners: `{ course_id, emails, cohort_id? }`. Only the shape is checked here;
// whether each address is an email is answered per address (result "invalid"), with the same rule the web form
// and the database use, so one typo does not refuse the whole list.
import { z } from 'zod'

export const MAX_EMAILS = 100

export const addLearnersBody = z.strictObject({
  // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits.
  course_id: z.guid({ error: 'The course id must be a UUID.' }),
  emails: z
    .array(z.string({ error: 'Each email must be text.' }).max(320, 'That email is too long.'), {
      error: 'Send the emails as a list.',
    })
    .min(1, 'Add at least one email address.')
    .max(MAX_EMAILS, `Add at most ${MAX_EMAILS} email addresses at a time.`),
  cohort_id: z.guid({ error: 'The cohort id must be a UUID.' }).nullable().optional(),
}, { error: 'Send a JSON object with course_id and emails.' })

export type AddLearnersBody = z.output<typeof addLearnersBody>

/**
 * What happened to one address: `invited` (a pending invitation, whether or not the address has an account),
 * `already_enrolled` (a learner of the course already), `invalid`, or `failed` (invited, but its email could not be
 * sent: the project's email budget is spent or Auth failed; the invitation still waits in the app).
 */
export type AddResult = 'invited' | 'already_enrolled' | 'invalid' | 'failed'

export interface AddOutcome {
  email: string
  result: AddResult
}

/** The rule of the database's add_learners and the web form: something@domain.tld, no spaces, ≤ 254 characters. */
export function normalizeEmail(raw: string): { email: string; valid: boolean } {
  const email = raw.trim().toLowerCase()
  return { email, valid: email.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) }
}

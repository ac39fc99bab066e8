// The body of POST /functions/v1/mfa-recovery: `{ code }`, one recovery code as the user typed it. Only its length
// is checked here: whether it is right is the database's answer, which counts a wrong one.
import { z } from 'zod'

export const recoveryBody = z.strictObject({
  code: z
    .string({ error: 'Enter a recovery code.' })
    .trim()
    .min(1, 'Enter a recovery code.')
    .max(64, 'That is longer than a recovery code.')
    // Control characters (a NUL above all, which PostgreSQL's text cannot hold) are never part of a code.
    .regex(/^[^\p{Cc}]*$/u, 'A recovery code has only letters, digits and a dash.'),
}, { error: 'Send a JSON object with code.' })

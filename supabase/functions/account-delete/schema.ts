// The body of POST /functions/v1/account-delete: `{ confirmation }`, the user's email typed out, exactly.
import { z } from 'zod'
import { validationFailed } from '../_shared/validate.ts'

export const deleteBody = z.strictObject({
  confirmation: z
    .string({ error: 'Type your email address to confirm.' })
    .min(1, 'Type your email address to confirm.')
    .max(320, 'That is longer than any email address.'),
}, { error: 'Send a JSON object with confirmation.' })

/** Throws validation_failed on `confirmation` unless it is the account's email, character for character. */
export function requireConfirmation(confirmation: string, email: string | undefined): void {
  if (!email || confirmation !== email) {
    throw validationFailed({ confirmation: 'Type your email address exactly as it is shown to confirm.' })
  }
}

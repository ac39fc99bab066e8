// The body of POST /functions/v1/invite-member (PRODUCT.md §7): `{ school_id, email, role? }`. The role defaults to
// instructor; the address is trimmed and lowercased as Auth stores it. Any other key is refused.
import { z } from 'zod'

export const inviteMemberBody = z.strictObject({
  // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits (the seed's ids have none).
  school_id: z.guid({ error: 'The school id must be a UUID.' }),
  email: z
    .string({ error: 'Enter the email address to invite.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter the email address to invite.')
    .max(320, 'That email address is too long.')
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  role: z.enum(['owner', 'instructor'], { error: 'The role is owner or instructor.' }).default('instructor'),
}, { error: 'Send a JSON object with school_id and email.' })

export type InviteMemberBody = z.output<typeof inviteMemberBody>

// The body of POST /functions/v1/enroll (PRODUCT.md §7): `{ slug | course_id }` for an open course,
// `{ slug | course_id, code }` with an access code, or `{ invite_token }` alone. Any other key is refused, so
// clients cannot rely on it being ignored.
import { z } from 'zod'

/** How the course is named: by its slug (course pages) or by its id. */
export type CourseRef = { column: 'slug'; value: string } | { column: 'id'; value: string }

/** What the caller asks for: enroll by the course's mode, redeem a code for it, or accept an invite link. */
export type EnrollRequest =
  | { kind: 'course'; ref: CourseRef }
  | { kind: 'code'; ref: CourseRef; code: string }
  | { kind: 'invite'; token: string }

export const enrollBody = z
  .strictObject({
    slug: z
      .string({ error: 'The slug must be text.' })
      .trim()
      .min(1, 'Enter the course slug.')
      .max(200, 'That slug is too long.')
      .optional(),
    // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits.
    course_id: z.guid({ error: 'The course id must be a UUID.' }).optional(),
    // Length only: whether a code or token is right (and well formed) is the database's answer, which counts it.
    code: z
      .string({ error: 'The access code must be text.' })
      .trim()
      .min(1, 'Enter the access code.')
      .max(64, 'That code is too long.')
      .optional(),
    invite_token: z
      .string({ error: 'The invite token must be text.' })
      .trim()
      .min(1, 'Paste the invite link.')
      .max(200, 'That invite token is too long.')
      .optional(),
  }, { error: 'Send a JSON object with slug or course_id, or invite_token.' })
  .superRefine((body, ctx) => {
    if (body.invite_token !== undefined) {
      if (body.slug !== undefined || body.course_id !== undefined || body.code !== undefined) {
        // The invite names the course; a second name could only disagree with it.
        ctx.addIssue({ code: 'custom', path: ['invite_token'], message: 'Send the invite token alone.' })
      }
    } else if (body.slug !== undefined && body.course_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Send slug or course_id, not both.' })
    } else if (body.slug === undefined && body.course_id === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Send the course slug or course_id.' })
    }
  })
  .transform((body): EnrollRequest => {
    if (body.invite_token !== undefined) return { kind: 'invite', token: body.invite_token }
    const ref: CourseRef = body.slug !== undefined
      ? { column: 'slug', value: body.slug }
      : { column: 'id', value: body.course_id! }
    return body.code !== undefined ? { kind: 'code', ref, code: body.code } : { kind: 'course', ref }
  })

export type EnrollBody = z.output<typeof enrollBody>

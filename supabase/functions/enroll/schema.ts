// The body of POST /functions/v1/enroll: exactly one of `slug` or `course_id` naming the course. M2 adds the invite
// token and access code here; until then any other key is refused, so clients cannot rely on it being ignored.
import { z } from 'zod'

/** How the course is named: by its slug (course pages) or by its id. */
export type CourseRef = { column: 'slug'; value: string } | { column: 'id'; value: string }

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
  }, { error: 'Send a JSON object with slug or course_id.' })
  .superRefine((body, ctx) => {
    if (body.slug !== undefined && body.course_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Send slug or course_id, not both.' })
    } else if (body.slug === undefined && body.course_id === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Send the course slug or course_id.' })
    }
  })
  .transform((body): CourseRef =>
    body.slug !== undefined ? { column: 'slug', value: body.slug } : { column: 'id', value: body.course_id! }
  )

export type EnrollBody = z.output<typeof enrollBody>

// The body of POST /functions/v1/certificate (PRODUCT.md §7): `{ course_id }` from the signed-in learner (their
// own certificate for the course), or `{ code }` from anyone on the verification page (the PDF of a valid
// certificate). Any other key is refused.
import { z } from 'zod'

export type CertificateRequest = { kind: 'course'; courseId: string } | { kind: 'code'; code: string }

export const certificateBody = z
  .strictObject({
    // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits.
    course_id: z.guid({ error: 'The course id must be a UUID.' }).optional(),
    // Length only: whether the code is right (and well formed) is verify_certificate's answer, which counts misses.
    code: z
      .string({ error: 'The certificate code must be text.' })
      .trim()
      .min(1, 'Enter the certificate code.')
      .max(64, 'That code is too long.')
      .optional(),
  }, { error: 'Send a JSON object with course_id or code.' })
  .superRefine((body, ctx) => {
    if ((body.course_id === undefined) === (body.code === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Send either course_id or code.' })
    }
  })
  .transform((body): CertificateRequest =>
    body.course_id !== undefined ? { kind: 'course', courseId: body.course_id } : { kind: 'code', code: body.code! }
  )

// The body of POST /functions/v1/lesson-media: `{ lesson_id }`, nothing else (an unknown key is refused, so clients
// cannot come to rely on it being ignored).
import { z } from 'zod'

export const lessonMediaBody = z
  .strictObject({
    // guid, not uuid: Postgres accepts any 8-4-4-4-12 hex id, whatever its version bits.
    lesson_id: z.guid({ error: 'The lesson id must be a UUID.' }),
  }, { error: 'Send a JSON object with lesson_id.' })
  .transform((body) => ({ lessonId: body.lesson_id }))

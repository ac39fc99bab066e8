// POST /functions/v1/enroll — enrolls the signed-in caller in a course named by `slug` or `course_id` (with an
// access `code` for code courses), or through an `invite_token`.
// 201 { enrollment, created: true } when new, 200 { enrollment, created: false } when it already existed; errors
// use the envelope of _shared/http.ts. The decision is the database's (public.enroll, called in enroll.ts); this file
// is auth → validate → handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { enroll } from './enroll.ts'
import { enrollBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user } = await requireUser(request)
  const body = parse(enrollBody, await readJson(request))
  const result = await enroll(adminClient(), user.id, body)
  return json(result, result.created ? 201 : 200)
}))

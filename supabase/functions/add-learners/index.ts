// POST /functions/v1/add-learners — an instructor adds learners to a course by email: `{ course_id, emails,
// cohort_id? }` → 200 { results: [{ email, result: enrolled | already_enrolled | invited | invalid | failed }] }.
// Errors use the envelope of _shared/http.ts. The logic lives in add-learners.ts; this file is auth → validate →
// handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { addLearners } from './add-learners.ts'
import { siteOrigin } from './redirect.ts'
import { addLearnersBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { client } = await requireUser(request)
  const body = parse(addLearnersBody, await readJson(request))
  const results = await addLearners({ user: client, admin: adminClient() }, body, siteOrigin(request))
  return json({ results })
}))

// POST /functions/v1/add-learners — an instructor invites learners to a course by email: `{ course_id, emails,
// cohort_id? }` → 200 { results: [{ email, result: invited | already_enrolled | invalid | failed }] }, the same for
// an address with an account and one without; each person is enrolled only once they accept the invitation.
// Errors use the envelope of _shared/http.ts. The logic lives in add-learners.ts; this file is auth → validate →
// handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser, visitorClient } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { addLearners } from './add-learners.ts'
import { siteOrigin } from './redirect.ts'
import { addLearnersBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { client } = await requireUser(request)
  const body = parse(addLearnersBody, await readJson(request))
  const clients = { user: client, admin: adminClient(), anon: visitorClient() }
  const results = await addLearners(clients, body, siteOrigin(request))
  return json({ results })
}))

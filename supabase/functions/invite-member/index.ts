// POST /functions/v1/invite-member — an owner invites someone to teach at their school: `{ school_id, email,
// role? }`. 201 { status: 'invited', ... } once the invitation is recorded and its email sent, 200 { status:
// 'already_member', ... } when the address is a member already. Errors use the envelope of _shared/http.ts. The
// logic lives in invite.ts; this file is auth → validate → handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { inviteMember } from './invite.ts'
import { anonClient, redirectTarget } from './redirect.ts'
import { inviteMemberBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { client } = await requireUser(request)
  const body = parse(inviteMemberBody, await readJson(request))
  const clients = { user: client, admin: adminClient(), anon: anonClient() }
  const result = await inviteMember(clients, body, redirectTarget(request, Deno.env.get('SITE_URL')))
  return json(result, result.status === 'invited' ? 201 : 200)
}))

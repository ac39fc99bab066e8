// POST /functions/v1/invite-member — an owner invites someone to teach at their school: `{ school_id, email,
// role? }`. 201 { status: 'invited', ... } once the invitation is recorded and its email sent, 200 { status:
// 'already_member', ... } when the address is a member already. The email names the school and the owner; the one
// to a registered address goes over SMTP with the SMTP_* secrets (../_shared/mail). Errors use the envelope of
// _shared/http.ts. The logic lives in invite.ts; this file is auth → validate → handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { smtpConfig, smtpSender } from '../_shared/mail/mod.ts'
import { siteOrigin } from '../_shared/site.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { inviteMember } from './invite.ts'
import { anonClient, redirectTarget } from './redirect.ts'
import { inviteMemberBody } from './schema.ts'

/** config.toml's auth.site_url, for the school email's link when neither SITE_URL nor a loopback Origin says. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user, client } = await requireUser(request)
  const body = parse(inviteMemberBody, await readJson(request))
  const clients = { user: client, admin: adminClient(), anon: anonClient() }
  const smtp = smtpConfig((name) => Deno.env.get(name))
  if (!('settings' in smtp)) console.warn(`invite-member: school emails go as sign-in links (${smtp.problem})`)
  const mailing = {
    inviterId: user.id,
    send: 'settings' in smtp ? smtpSender(smtp.settings) : undefined,
    // A link in an email: SITE_URL, else only a loopback Origin, so a forged Origin never reaches an inbox.
    appSite: siteOrigin(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE,
  }
  const result = await inviteMember(clients, body, redirectTarget(request, Deno.env.get('SITE_URL')), mailing)
  return json(result, result.status === 'invited' ? 201 : 200)
}))

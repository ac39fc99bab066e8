// POST /functions/v1/add-learners — an instructor invites learners to a course by email: `{ course_id, emails,
// cohort_id? }` → 200 { results: [{ email, result: invited | already_enrolled | invalid | failed }] }, the same for
// an address with an account and one without; each person is enrolled only once they accept the invitation. The
// emails name the instructor, the school and the course; the one to a registered address goes over SMTP with the
// SMTP_* secrets (../_shared/mail), linking to SITE_URL (or a loopback Origin, else auth.site_url's default).
// Errors use the envelope of _shared/http.ts. The logic lives in add-learners.ts; this file is auth → validate →
// handle → respond.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { smtpConfig, smtpSender } from '../_shared/mail/mod.ts'
import { siteOrigin as emailSite } from '../_shared/site.ts'
import { adminClient, requireUser, visitorClient } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { addLearners } from './add-learners.ts'
import { siteOrigin } from './redirect.ts'
import { addLearnersBody } from './schema.ts'

/** config.toml's auth.site_url, for the course email's link when neither SITE_URL nor a loopback Origin says. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user, client } = await requireUser(request)
  const body = parse(addLearnersBody, await readJson(request))
  const clients = { user: client, admin: adminClient(), anon: visitorClient() }
  const smtp = smtpConfig((name) => Deno.env.get(name))
  if (!('settings' in smtp)) console.warn(`add-learners: course emails go as sign-in links (${smtp.problem})`)
  const mailing = {
    inviterId: user.id,
    send: 'settings' in smtp ? smtpSender(smtp.settings) : undefined,
    // A link in an email: SITE_URL, else only a loopback Origin, so a forged Origin never reaches an inbox.
    appSite: emailSite(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE,
  }
  const results = await addLearners(clients, body, siteOrigin(request), mailing)
  return json({ results })
}))

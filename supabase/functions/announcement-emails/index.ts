// POST /functions/v1/announcement-emails — called through pg_net with the service role key, right after an
// announcement is sent and by the send-announcements cron job every minute while emails are owed: sends the
// announcement emails owed (each with its one-click unsubscribe link) and answers 200 `{ sent, failed }`. Any other
// caller is 403 forbidden; without SMTP settings it is 503 email_not_configured and nothing is claimed. The flow
// lives in send.ts, the email in email.ts.
import { HttpError, json, requireMethod, serveJson } from '../_shared/http.ts'
import { schoolOfCourse, smtpConfig, smtpSender } from '../_shared/mail/mod.ts'
import { siteOrigin } from '../_shared/site.ts'
import { adminClient } from '../_shared/supabase.ts'
import { isServiceRoleCall } from '../notify-answer/retry.ts'
import { unsubscribeUrl } from '../unsubscribe/link.ts'
import { sendAnnouncementEmails } from './send.ts'

/** The web app's address when SITE_URL is unset (the scheduler sends no Origin): config.toml's auth.site_url. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  if (!isServiceRoleCall(request.headers.get('Authorization'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'))) {
    throw new HttpError(403, 'forbidden', 'Only the database sends announcement emails.')
  }
  const smtp = smtpConfig((name) => Deno.env.get(name))
  if (!('settings' in smtp)) {
    console.error(`announcement-emails: nothing sent, the function has no SMTP settings (${smtp.problem})`)
    throw new HttpError(503, 'email_not_configured', 'Email is not set up on this server.')
  }
  const admin = adminClient()
  return json(
    await sendAnnouncementEmails({
      admin,
      send: smtpSender(smtp.settings),
      site: siteOrigin(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE,
      schoolOf: (courseId) => schoolOfCourse(admin, { id: courseId }),
      unsubscribeUrl,
      // pg_net waits 60 s; leave time to answer.
      deadline: Date.now() + 45_000,
    }),
  )
}))

// POST /functions/v1/send-reminders — called by the send-reminders cron job (through pg_net, every minute when
// something is due) with the service role key: sends the reminder emails that are due (study sessions, live sessions
// and deadlines, streaks at risk, the instructors' weekly digest) and answers 200 `{ sent, failed, skipped }`.
// Any other caller is 403 forbidden; without SMTP settings it is 503 email_not_configured and nothing is claimed.
// The flow lives in send.ts, the emails in email.ts.
import { HttpError, json, requireMethod, serveJson } from '../_shared/http.ts'
import { smtpConfig, smtpSender } from '../_shared/mail/mod.ts'
import { siteOrigin } from '../_shared/site.ts'
import { adminClient } from '../_shared/supabase.ts'
import { isServiceRoleCall } from '../notify-answer/retry.ts'
import { unsubscribeUrl } from '../unsubscribe/link.ts'
import { sendReminders } from './send.ts'

/** The web app's address when SITE_URL is unset (the scheduler sends no Origin): config.toml's auth.site_url. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  if (!isServiceRoleCall(request.headers.get('Authorization'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'))) {
    throw new HttpError(403, 'forbidden', 'Only the scheduler sends reminders.')
  }
  const smtp = smtpConfig((name) => Deno.env.get(name))
  if (!('settings' in smtp)) {
    console.error(`send-reminders: nothing sent, the function has no SMTP settings (${smtp.problem})`)
    throw new HttpError(503, 'email_not_configured', 'Email is not set up on this server.')
  }
  return json(
    await sendReminders({
      admin: adminClient(),
      send: smtpSender(smtp.settings),
      site: siteOrigin(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE,
      unsubscribeUrl: (claim) => unsubscribeUrl(claim),
    }),
  )
}))

// POST /functions/v1/notify-answer — `{ answer_id }`, sent by the answerer's app right after an answer is saved:
// emails the asker that their question was answered, with a link to the lesson. 200 `{ sent: true }` once sent,
// `{ sent: false }` when there is nothing to send (the asker answered themselves, or the email went already);
// 403 `forbidden` for someone else's answer, 502 `email_failed` when the mail server fails (the email waits for
// the next call), 503 `email_not_configured` without SMTP settings. The flow lives in notify.ts.
// With the service role key and `{ retry: true }` (the retry-answer-emails cron job, through pg_net) it sends the
// answer emails that are due again instead: 200 `{ sent, failed }` (retry.ts).
import { HttpError, json, requireMethod, serveJson } from '../_shared/http.ts'
import { schoolOfCourse, smtpConfig, smtpSender } from '../_shared/mail/mod.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { unsubscribeUrl } from '../unsubscribe/link.ts'
import { notifyAnswer } from './notify.ts'
import { isServiceRoleCall, retryAnswerEmails } from './retry.ts'
import { notifyAnswerBody, retryBody } from './schema.ts'
import { answerSite } from './settings.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  if (isServiceRoleCall(request.headers.get('Authorization'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'))) {
    parse(retryBody, await readJson(request))
    const smtp = smtpConfig((name) => Deno.env.get(name))
    if (!('settings' in smtp)) {
      console.error(`notify-answer: no retry, the function has no SMTP settings (${smtp.problem})`)
      throw new HttpError(503, 'email_not_configured', 'Email is not set up on this server.')
    }
    const site = answerSite(request, Deno.env.get('SITE_URL'))
    const admin = adminClient()
    const school = (slug: string) => schoolOfCourse(admin, { slug })
    return json(await retryAnswerEmails({ admin, send: smtpSender(smtp.settings), site, school, unsubscribeUrl }))
  }
  const { user, client } = await requireUser(request)
  const { answerId } = parse(notifyAnswerBody, await readJson(request))
  const smtp = smtpConfig((name) => Deno.env.get(name))
  const admin = adminClient()
  const deps = {
    user: client,
    admin,
    send: 'settings' in smtp ? smtpSender(smtp.settings) : undefined,
    problem: 'problem' in smtp ? smtp.problem : undefined,
    site: answerSite(request, Deno.env.get('SITE_URL')),
    school: (slug: string) => schoolOfCourse(admin, { slug }),
    unsubscribeUrl,
  }
  return json(await notifyAnswer(deps, user.id, answerId))
}))

// GET|POST /functions/v1/unsubscribe?token=<token> — one-click unsubscribe from one kind of email (RFC 8058), signed
// out: the signed token is the credential (verify_jwt = false). GET → 303 to the web app's confirm page; POST → 200
// `{ unsubscribed: true, kind }`. Errors: validation_failed 422 (a malformed, edited or foreign token),
// method_not_allowed 405. The flow lives in handler.ts, the tokens in token.ts, the link for emails in link.ts.
import { serveJson } from '../_shared/http.ts'
import { siteOrigin } from '../_shared/site.ts'
import { adminClient } from '../_shared/supabase.ts'
import { handleUnsubscribe, invalidLink } from './handler.ts'
import { unsubscribeSecret } from './token.ts'

/** The web app's address when SITE_URL is unset (mail clients send no Origin): config.toml's auth.site_url. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

Deno.serve(serveJson(async (request) =>
  handleUnsubscribe(request, {
    secret: await unsubscribeSecret((name) => Deno.env.get(name)),
    site: siteOrigin(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE,
    // Service role: the person following the link is not signed in, and unsubscribe_email is the service's only.
    unsubscribe: async ({ userId, kind }) => {
      const { data, error } = await adminClient().rpc('unsubscribe_email', {
        target_user: userId,
        // Checked by the database: a signed name that is not a kind (any more) is an invalid link.
        target_kind: kind as 'announcement',
      })
      if (error?.code === '22P02') throw invalidLink()
      if (error) throw error
      return data === true
    },
  })
))

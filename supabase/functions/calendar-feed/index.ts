// GET /functions/v1/calendar-feed?token=<token> or /functions/v1/calendar-feed/<token>.ics — the learner's iCal
// subscription (PRODUCT.md §7): their study sessions, live sessions and deadlines as text/calendar. Calendar apps send
// no JWT: the token is the credential. HEAD answers the headers only. Errors: feed_not_found 404 (no, a malformed, an
// unknown or a revoked token, one answer for all so the URL reveals nothing), method_not_allowed 405, internal 500.
import { corsHeaders, HttpError, requireMethod, serveJson } from '../_shared/http.ts'
import { siteOrigin } from '../_shared/site.ts'
import { adminClient } from '../_shared/supabase.ts'
import { feedSchema, renderCalendar } from './ics.ts'
import { feedToken } from './token.ts'

/** The web app's address when SITE_URL is unset (calendar apps send no Origin): config.toml's auth.site_url. */
const DEFAULT_SITE = 'http://127.0.0.1:5173'

const feedNotFound = () => new HttpError(404, 'feed_not_found', 'This calendar feed does not exist or was turned off.')

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'GET', 'HEAD')
  const token = feedToken(new URL(request.url))
  if (!token) throw feedNotFound()
  // Service role: there is no signed-in caller, and calendar_feed(token) is executable by the service role only.
  const { data, error } = await adminClient().rpc('calendar_feed', { token })
  if (error) throw error
  if (data === null) throw feedNotFound()
  const body = renderCalendar(feedSchema.parse(data), siteOrigin(request, Deno.env.get('SITE_URL')) ?? DEFAULT_SITE)
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: {
      ...corsHeaders,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="summit.ics"',
      // Private: the feed is one learner's; five minutes spares the database from apps that poll eagerly.
      'Cache-Control': 'private, max-age=300',
    },
  })
}))

// What the unsubscribe function does, with its dependencies passed in (tested without a stack). GET (a person who
// clicked the link) is sent on to the web app's /unsubscribe page, which shows what the link turns off and asks to
// confirm: a GET must change nothing, since mail scanners open links. POST with the token (in the query, as RFC 8058
// one-click sends `List-Unsubscribe=One-Click` to the link itself, or in a JSON body from the page) turns that kind's
// email off and answers 200. A malformed, edited or foreign token is a 422 that changes nothing.
import { corsHeaders, HttpError, json, requireMethod } from '../_shared/http.ts'
import { type UnsubscribeClaim, verifyUnsubscribeToken } from './token.ts'

export interface UnsubscribeDeps {
  secret: string
  /** The web app's origin, for the confirm page. */
  site: string
  /** Turns the kind's email off for the user (the service's call); false when there is no such user. */
  unsubscribe: (claim: UnsubscribeClaim) => Promise<boolean>
}

export const invalidLink = () =>
  new HttpError(
    422,
    'validation_failed',
    'This unsubscribe link is not valid. Change your emails on your account page.',
    {
      token: 'This unsubscribe link is not valid.',
    },
  )

async function tokenOf(request: Request, url: URL): Promise<string> {
  const fromQuery = url.searchParams.get('token')
  if (fromQuery) return fromQuery
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = await request.json().catch(() => null) as { token?: unknown } | null
    if (typeof body?.token === 'string') return body.token
  }
  return ''
}

export async function handleUnsubscribe(request: Request, deps: UnsubscribeDeps): Promise<Response> {
  requireMethod(request, 'GET', 'POST')
  const url = new URL(request.url)
  if (request.method === 'GET') {
    const page = new URL('/unsubscribe', deps.site)
    page.searchParams.set('token', url.searchParams.get('token') ?? '')
    return new Response(null, {
      status: 303,
      headers: {
        ...corsHeaders,
        Location: page.toString(),
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      },
    })
  }
  const claim = await verifyUnsubscribeToken(deps.secret, await tokenOf(request, url))
  if (!claim) throw invalidLink()
  // An unknown (deleted) user answers like a known one: the link tells nobody whether the account is still there.
  await deps.unsubscribe(claim)
  return json({ unsubscribed: true, kind: claim.kind }, 200, { 'Cache-Control': 'no-store' })
}

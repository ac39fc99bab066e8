// Where an invitation's email link lands: the web app's /auth/callback, which signs the person in and goes on to
// /invitations/<id>, where they accept or decline. The app's origin comes from SITE_URL when the deployment sets it,
// else from the Origin of the browser's request. Auth still checks the final redirect against its allow list, so a
// forged Origin lands on the site URL, never elsewhere.
export function siteOrigin(request: Request, site = Deno.env.get('SITE_URL')): string | undefined {
  for (const candidate of [site, request.headers.get('Origin')]) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
    } catch {
      // not a URL: try the next candidate
    }
  }
  return undefined
}

/** The link an invitation's email carries, or undefined without an origin (Auth then uses its site URL). */
export function invitationLink(site: string | undefined, invitationId: string): string | undefined {
  if (!site) return undefined
  return `${site}/auth/callback?redirect=${encodeURIComponent(`/invitations/${invitationId}`)}`
}

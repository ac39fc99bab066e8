// The app's origin for the invitation's link: SITE_URL when the deployment sets it, else the Origin of the
// browser's request. Auth still checks the final redirectTo against its allow list, so a forged Origin lands on
// the site URL, never elsewhere.
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

// The web app's origin for links the functions store or send (a certificate's QR code, the asker's email): SITE_URL
// when the deployment sets it (production must: a PDF is rendered once, an email cannot be changed), else the
// browser's Origin, but only a loopback one (local development), so a forged Origin can never put another site's
// address on a certificate or into someone's inbox.

/** `site` is the deployment's SITE_URL (the caller reads the environment, so this stays a pure function). */
export function siteOrigin(request: Request, site: string | undefined): string | undefined {
  for (const [candidate, loopbackOnly] of [[site, false], [request.headers.get('Origin'), true]] as const) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      if (loopbackOnly && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) continue
      return url.origin
    } catch {
      // not a URL: try the next candidate
    }
  }
  return undefined
}

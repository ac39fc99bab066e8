// What notify-answer reads from its environment, besides the SMTP settings (../_shared/mail/smtp.ts): the web app's
// origin for the lesson link (SITE_URL).
import { siteOrigin } from '../_shared/site.ts'

/** The app's address when SITE_URL is unset and the request says nothing usable: config.toml's auth.site_url. */
export const DEFAULT_SITE = 'http://127.0.0.1:5173'

/**
 * The web app's origin for the lesson link: the shared rule (SITE_URL, else a loopback Origin, so a forged Origin can
 * never put another site's address into someone's inbox), else DEFAULT_SITE.
 */
export function answerSite(request: Request, site: string | undefined): string {
  return siteOrigin(request, site) ?? DEFAULT_SITE
}

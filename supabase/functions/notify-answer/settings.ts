// What notify-answer reads from its environment, as pure functions of it: the SMTP server (SMTP_HOST, SMTP_PORT,
// SMTP_USER, SMTP_PASS, SMTP_SENDER) and the web app's origin for the lesson link (SITE_URL).
import { siteOrigin } from '../_shared/site.ts'

export interface SmtpSettings {
  host: string
  port: number
  /** Implicit TLS from the first byte (port 465); on other ports STARTTLS is used when the server offers it. */
  secure: boolean
  auth: { user: string; pass: string } | undefined
  /** The From header, e.g. `Summit <no-reply@summit.example>`. */
  sender: string
}

export type SmtpConfig = { settings: SmtpSettings } | { problem: string }

/** The From address when SMTP_SENDER is not set: fine for a local inbox, refused by most real providers. */
export const DEFAULT_SENDER = 'Summit <no-reply@example.com>'

/** The app's address when SITE_URL is unset and the request says nothing usable: config.toml's auth.site_url. */
export const DEFAULT_SITE = 'http://127.0.0.1:5173'

export function smtpConfig(env: (name: string) => string | undefined): SmtpConfig {
  const host = env('SMTP_HOST')?.trim() ?? ''
  const portText = env('SMTP_PORT')?.trim() ?? ''
  if (host === '' || portText === '') return { problem: 'SMTP_HOST and SMTP_PORT are not both set' }
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    return { problem: `SMTP_PORT is not a port number: "${portText}"` }
  }
  const user = env('SMTP_USER') ?? ''
  return {
    settings: {
      host,
      port,
      secure: port === 465,
      auth: user === '' ? undefined : { user, pass: env('SMTP_PASS') ?? '' },
      sender: env('SMTP_SENDER')?.trim() || DEFAULT_SENDER,
    },
  }
}

/**
 * The web app's origin for the lesson link: the shared rule (SITE_URL, else a loopback Origin, so a forged Origin can
 * never put another site's address into someone's inbox), else DEFAULT_SITE.
 */
export function answerSite(request: Request, site: string | undefined): string {
  return siteOrigin(request, site) ?? DEFAULT_SITE
}

// Input rules GoTrue applies before touching the database: email format (checkmail's), PKCE parameters, and which
// redirect_to URLs are honoured (same host as site_url, or matching additional_redirect_urls globs).
import type { AuthSettings } from '../config/index.ts'
import { badRequest } from './errors.ts'
import type { AuthRequest } from './http/request.ts'

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** The address lower-cased, or GoTrue's validation error. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!emailPattern.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

export type FlowType = 'implicit' | 'pkce'
export type ChallengeMethod = 's256' | 'plain'

/** Checks code_challenge / code_challenge_method; returns the flow and the normalised method. */
export function pkceParams(challenge: string, method: string): { flow: FlowType; method: ChallengeMethod | undefined } {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (challenge === '') return { flow: 'implicit', method: undefined }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  const lower = method.toLowerCase()
  if (lower !== 's256' && lower !== 'plain') {
    throw badRequest('validation_failed', `unsupported code_challenge method: ${method}`)
  }
  return { flow: 'pkce', method: lower }
}

function globToRegExp(glob: string): RegExp {
  let source = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*'
      i++
    } else if (c === '*') source += '[^./]*'
    else if (c === '?') source += '[^./]'
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/** GoTrue's IsRedirectURLValid. */
export function isRedirectAllowed(
  url: string,
  settings: Pick<AuthSettings, 'additionalRedirectUrls'> & { siteUrl: string },
) {
  if (!url) return false
  try {
    if (new URL(url).hostname === new URL(settings.siteUrl).hostname) return true
  } catch {
    // not an absolute URL: only an allow-list pattern can match it
  }
  return settings.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(url))
}

/** GoTrue's GetReferrer: redirect_to if allowed, else the Referer if allowed, else site_url. */
export function referrer(
  request: AuthRequest,
  settings: Pick<AuthSettings, 'additionalRedirectUrls'> & { siteUrl: string },
) {
  for (const candidate of [request.query.get('redirect_to') ?? '', request.header('referer') ?? '']) {
    if (isRedirectAllowed(candidate, settings)) return candidate
  }
  return settings.siteUrl
}

/** GoTrue's validatePhone: spaces and a leading "+" dropped, then E.164 digits. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/\s/g, '').replace(/^\+/, '')
  if (!/^[1-9]\d{1,14}$/.test(digits)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  }
  return digits
}

const durationUnits: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 }

/** Go's time.ParseDuration, in milliseconds ("24h", "1h30m", "-5m"); undefined when the text is not a duration. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^([-+]?)((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+|0)$/.exec(text)
  if (!match) return undefined
  const sign = match[1] === '-' ? -1 : 1
  let total = 0
  for (const part of (match[2] ?? '').matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (durationUnits[part[2] ?? ''] ?? 0)
  }
  return sign * total
}

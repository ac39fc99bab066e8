// storage-api v1.60's X-Robots-Tag rules (src/storage/validators/x-robots-tag.ts): an upload may carry an
// `x-robots-tag` header, refused unless every comma-separated rule is one robots.txt-style directive (all, noindex,
// nofollow, none, nosnippet, indexifembedded, notranslate, noimageindex), a parametric one with a sound value
// (max-snippet, max-image-preview, max-video-preview, unavailable_after: a date, which may hold commas), or
// `<user agent>: <rules>`. The object keeps it, and downloads send it instead of `none`.
import { StorageError } from './errors.ts'

const simpleRules = [
  'all',
  'noindex',
  'nofollow',
  'none',
  'nosnippet',
  'indexifembedded',
  'notranslate',
  'noimageindex',
]
const parametricRules = ['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']
const simple = new RegExp(`^(${simpleRules.join('|')})$`)
const parametric = new RegExp(`^(${parametricRules.join('|')}):\\s*(.*)$`)
const parametricStart = new RegExp(`^(${parametricRules.join('|')}):`)
// Where an unavailable_after date ends: at a comma before another rule or a user agent, or at the end.
const dateEnd = new RegExp(
  `unavailable_after:\\s*(.+?)(?:,\\s*(?:${simpleRules.join('|')}|${parametricRules.join('|')}|[a-zA-Z0-9_-]+:)|$)`,
)
const imagePreviews = new Set(['none', 'standard', 'large'])

const invalid = (message: string) =>
  new StorageError('InvalidRequest', 400, `Invalid X-Robots-Tag header: ${message}`, 'invalid_x_robots_tag')

function splitRules(value: string): string[] {
  const parts: string[] = []
  let rest = value
  while (rest) {
    rest = rest.trim()
    if (!rest) break
    const start = parametricStart.exec(rest)
    if (start && start[1] === 'unavailable_after') {
      const date = dateEnd.exec(rest)
      if (date) {
        const rule = `unavailable_after: ${date[1]!.trim()}`
        parts.push(rule)
        rest = rest.substring(rule.length).replace(/^,\s*/, '').trim()
      } else {
        parts.push(rest)
        rest = ''
      }
      continue
    }
    const comma = rest.indexOf(',')
    if (comma === -1) {
      parts.push(rest)
      rest = ''
    } else {
      parts.push(rest.substring(0, comma).trim())
      rest = rest.substring(comma + 1).trim()
    }
  }
  return parts
}

function checkParametric(name: string, value: string): void {
  if (!value) throw invalid(`X-Robots-Tag rule "${name}" requires a value`)
  const n = parseInt(value, 10)
  if (name === 'max-snippet' && (isNaN(n) || n < 0)) {
    throw invalid(`X-Robots-Tag "max-snippet" value must be a non-negative number, got: "${value}"`)
  }
  if (name === 'max-image-preview' && !imagePreviews.has(value)) {
    throw invalid(`X-Robots-Tag "max-image-preview" value must be one of: none, standard, large, got: "${value}"`)
  }
  if (name === 'max-video-preview' && (isNaN(n) || n < -1)) {
    throw invalid(`X-Robots-Tag "max-video-preview" value must be a number >= -1, got: "${value}"`)
  }
  if (name === 'unavailable_after' && isNaN(new Date(value).getTime())) {
    throw invalid(`X-Robots-Tag "unavailable_after" value must be a valid date, got: "${value}"`)
  }
}

/** Throws storage-api's InvalidRequest (`invalid_x_robots_tag`) for a value it would refuse. */
export function validateXRobotsTag(value: string): void {
  const trimmed = value.trim()
  if (!trimmed) throw invalid('X-Robots-Tag header value must be a non-empty string')
  for (const part of splitRules(trimmed)) {
    if (!part) throw invalid('X-Robots-Tag header contains empty rule')
    const param = parametric.exec(part)
    if (param) {
      checkParametric(param[1]!, param[2]!.trim())
      continue
    }
    if (simple.test(part)) continue
    const colon = part.indexOf(':')
    if (colon !== -1) {
      const agent = part.substring(0, colon).trim()
      const rules = part.substring(colon + 1).trim()
      if (!rules) throw invalid(`X-Robots-Tag user agent "${agent}" has no rules specified`)
      validateXRobotsTag(rules)
      continue
    }
    throw invalid(`Invalid X-Robots-Tag rule: "${part}"`)
  }
}

/** The X-Robots-Tag a download sends: the object's own when it is still valid, else none (storage-api's renderer). */
export function xRobotsTagOf(stored: unknown): string {
  if (typeof stored !== 'string' || !stored) return 'none'
  try {
    validateXRobotsTag(stored)
    return /^[\t\x20-\x7e]*$/.test(stored) ? stored : 'none'
  } catch {
    return 'none'
  }
}

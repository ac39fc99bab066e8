// Names, sizes and media types as storage-api checks them (src/storage/limits.ts, validators/mime-type.ts): object
// keys reject control characters, S3's "characters to avoid", invisible spoofing characters and `.`/`..` segments;
// bucket names are ASCII; upload types match a bucket's allowed list, where `image/*` admits any image subtype.
import { errors } from './errors.ts'

// Hyphen last so it stays a literal.
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/
const validObjectKey =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- rejecting control characters and a lone U+034F is the point
  /^[^\u0000-\u001f\u007f\u0080-\u009f#[\]{}^`"<>\\|%~\u{034F}\u{061C}\u{200B}\u{200E}\u{200F}\u{2028}\u{2029}\u{202A}-\u{202E}\u{2060}\u{2066}-\u{2069}\u{FEFF}]+$/u
const traversal = /(^|\/)\.{1,2}(\/|$)/
const maxKeyBytes = 1024

export function isValidKey(key: string): boolean {
  return (
    key.length > 0 && validObjectKey.test(key) && !traversal.test(key) && Buffer.byteLength(key, 'utf8') <= maxKeyBytes
  )
}

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !isValidKey(key)) throw errors.invalidKey(key ?? '')
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 101 && validBucketName.test(name)
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || !isValidBucketName(name)) throw errors.invalidBucketName()
}

/** Supabase Studio's folder marker; it may only be empty, whatever the bucket allows. */
export function isEmptyFolder(key: string): boolean {
  return key.endsWith('.emptyFolderPlaceholder')
}

/** A bucket's file_size_limit as the API takes it: bytes, or "20GB"/"20MB"/"30KB"/"3B" in decimal units. */
export function parseFileSizeLimit(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw errors.invalidFileSizeLimit()
    return value
  }
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value)
  if (!match) throw errors.invalidFileSizeLimit()
  const scale: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }
  return Math.round(Number(match[1]) * scale[match[2]!.toLowerCase()]!)
}

const bucketMimeType = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/

/** The allowed_mime_types a bucket may be given. */
export function validateBucketMimeTypes(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !bucketMimeType.test(type)) throw errors.invalidMimeType(type)
  }
}

// RFC 9110 token, quoted-string and parameters, to compare media types without their parameters.
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const quoted = String.raw`"(?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*"`
const mediaType = new RegExp(String.raw`^[\t ]*(${token})/(${token})[\t ]*`)
const parameter = new RegExp(String.raw`;[\t ]*(?:${token}=(?:${token}|${quoted})[\t ]*)?`, 'y')

function parseMediaType(value: string, allowWildcard = false): string | undefined {
  const match = mediaType.exec(value)
  if (!match) return undefined
  const type = match[1]!.toLowerCase()
  const subtype = match[2]!.toLowerCase()
  if (type.includes('*') || (subtype.includes('*') && !(allowWildcard && subtype === '*'))) return undefined
  let offset = match[0].length
  while (offset < value.length) {
    parameter.lastIndex = offset
    if (!parameter.test(value)) return undefined
    offset = parameter.lastIndex
  }
  return `${type}/${subtype}`
}

// What Node's http module can send back as a header value (no CR, LF or other control characters).
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/

/**
 * An upload's type as stored: trimmed, its type/subtype lower-cased (parameters kept as sent, as storage-api keeps
 * them), so that a download matches it whatever case the client used. A type that could not be sent back as a
 * Content-Type header is refused with InvalidMimeType.
 */
export function normalizeMimeType(value: string): string {
  const trimmed = value.trim()
  if (!headerValue.test(trimmed)) throw errors.invalidMimeType(JSON.stringify(value))
  if (trimmed === '') return 'application/octet-stream'
  const cut = trimmed.indexOf(';')
  return cut < 0 ? trimmed.toLowerCase() : trimmed.slice(0, cut).toLowerCase() + trimmed.slice(cut)
}

/** A multipart cacheControl field: the seconds of max-age, digits only, as supabase-js sends them. */
export function formCacheControl(value: string | undefined): string {
  if (!value) return 'no-cache'
  const seconds = value.trim()
  if (!/^[0-9]{1,10}$/.test(seconds)) throw errors.validation('cacheControl must be a number of seconds')
  return `max-age=${seconds}`
}

/** A raw upload's Cache-Control header, kept as sent if it can be sent back. */
export function headerCacheControl(value: string | undefined): string {
  if (value === undefined) return 'no-cache'
  if (!headerValue.test(value)) throw errors.validation('cache-control must be a valid header value')
  return value
}

/** Throws InvalidMimeType unless the upload's type is in the bucket's list (exactly, or by `type/*`). */
export function validateMimeType(mimeType: string, allowed: string[]): void {
  const requested = parseMediaType(mimeType)
  if (requested) {
    const wildcard = `${requested.slice(0, requested.indexOf('/'))}/*`
    for (const entry of allowed) {
      const parsed: string | undefined = entry === requested || entry === wildcard ? entry : parseMediaType(entry, true)
      if (parsed === requested || parsed === wildcard) return
    }
  }
  throw errors.invalidMimeType(mimeType)
}

/** storage-api's escapeLike (src/storage/database/pg.ts): a backslash, `%` and `_` taken literally in LIKE. */
export function escapeLike(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/([%_])/g, '\\$1')
}

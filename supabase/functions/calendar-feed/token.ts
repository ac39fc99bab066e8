// Where a calendar app puts the feed token: `?token=<token>` or the path `/calendar-feed/<token>.ics` (some apps only
// subscribe to URLs ending in .ics). Only the token's own shape passes (rotate_calendar_feed makes 32 random bytes in
// unpadded base64url), so junk never reaches the database; a malformed token is then "not found" like any other.

const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/** The feed token a request names, or undefined when it names none or one that cannot be a token. */
export function feedToken(url: URL): string | undefined {
  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  const at = segments.lastIndexOf('calendar-feed')
  // The function may see its path with or without the /functions/v1 prefix; what follows its name is ours.
  const rest = at === -1 ? [] : segments.slice(at + 1)
  if (rest.length > 1) return undefined
  let candidate: string | null
  if (rest.length === 1) {
    const file = rest[0]!
    if (!file.endsWith('.ics')) return undefined
    candidate = file.slice(0, -'.ics'.length)
  } else {
    candidate = url.searchParams.get('token')
  }
  return candidate !== null && tokenPattern.test(candidate) ? candidate : undefined
}

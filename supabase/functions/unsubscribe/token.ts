// One-click unsubscribe tokens: `v1.<user id>.<kind>.<signature>`, the signature an HMAC-SHA256 over the version,
// the user and the kind, so a token turns off exactly one kind of email for exactly one user and cannot be edited
// into another's (PRODUCT.md §6). No expiry: a link in an old email must still work. The key is UNSUBSCRIBE_SECRET
// when the deployment sets one, else derived from the service role key every project's functions already hold.

/** A notification kind's name (public.notification_kind; migrations add kinds, the database checks the name). */
export type NotificationKind = string
const kindPattern = /^[a-z][a-z_]{0,39}$/

export interface UnsubscribeClaim {
  userId: string
  kind: NotificationKind
}

const encoder = new TextEncoder()
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function base64url(bytes: ArrayBuffer): string {
  let binary = ''
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

async function hmac(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return base64url(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)))
}

/**
 * The signing key from the function's environment: UNSUBSCRIBE_SECRET (at least 32 characters), else one derived
 * from SUPABASE_SERVICE_ROLE_KEY (an HMAC of a fixed label, so the service key itself never signs anything that
 * leaves). Throws when neither is there.
 */
export async function unsubscribeSecret(env: (name: string) => string | undefined): Promise<string> {
  const own = env('UNSUBSCRIBE_SECRET')?.trim() ?? ''
  if (own.length >= 32) return own
  if (own !== '') throw new Error('UNSUBSCRIBE_SECRET must be at least 32 characters')
  const service = env('SUPABASE_SERVICE_ROLE_KEY') ?? ''
  if (service === '') throw new Error('neither UNSUBSCRIBE_SECRET nor SUPABASE_SERVICE_ROLE_KEY is set')
  return await hmac(service, 'summit unsubscribe links v1')
}

const signed = (claim: UnsubscribeClaim) => `v1.${claim.userId}.${claim.kind}`

export async function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): Promise<string> {
  if (!uuidPattern.test(claim.userId)) throw new Error(`not a user id: ${claim.userId}`)
  if (!kindPattern.test(claim.kind)) throw new Error(`not a notification kind: ${claim.kind}`)
  return `${signed(claim)}.${await hmac(secret, signed(claim))}`
}

/** Compares in time independent of where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/** The user and kind a token was signed for, or null for anything malformed, edited or signed with another key. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeClaim | null> {
  if (token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 4) return null
  const [version, userId, kind, signature] = parts as [string, string, string, string]
  if (version !== 'v1' || !uuidPattern.test(userId)) return null
  if (!kindPattern.test(kind)) return null
  const claim = { userId, kind }
  return sameText(await hmac(secret, signed(claim)), signature) ? claim : null
}

// The one-click unsubscribe link for an email to `userId` about `kind`, for the mail module's `unsubscribeUrl`
// option (which also adds the RFC 8058 List-Unsubscribe headers). It points at this function on the project's API
// (SUPABASE_URL), which a mail client may POST to and a person opens in a browser; it works signed out.
import { signUnsubscribeToken, type UnsubscribeClaim, unsubscribeSecret } from './token.ts'

export type { NotificationKind, UnsubscribeClaim } from './token.ts'

export async function buildUnsubscribeUrl(apiUrl: string, secret: string, claim: UnsubscribeClaim): Promise<string> {
  const url = new URL('functions/v1/unsubscribe', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`)
  url.searchParams.set('token', await signUnsubscribeToken(secret, claim))
  return url.toString()
}

/** The link, with the project URL and key from the calling function's environment. */
export async function unsubscribeUrl(claim: UnsubscribeClaim): Promise<string> {
  const env = (name: string) => Deno.env.get(name)
  const apiUrl = env('SUPABASE_URL')
  if (!apiUrl) throw new Error('SUPABASE_URL is not set in the function environment')
  return await buildUnsubscribeUrl(apiUrl, await unsubscribeSecret(env), claim)
}

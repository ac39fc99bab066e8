// Whether this page can make a passkey: the browser needs WebAuthn, and the page must be on the
// relying party's host (Auth's [auth.webauthn] rp_id; locally `localhost`, so http://127.0.0.1:5173
// cannot, while http://localhost:5173 can).

export const passkeyRpId: string = (import.meta.env.VITE_PASSKEY_RP_ID as string | undefined) || 'localhost'

export type PasskeySupport = { ok: true } | { ok: false; reason: 'unsupported' | 'wrong_host' }

export function passkeySupport(hostname: string, hasWebAuthn: boolean, rpId: string = passkeyRpId): PasskeySupport {
  if (!hasWebAuthn) return { ok: false, reason: 'unsupported' }
  const host = hostname.toLowerCase()
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return { ok: false, reason: 'wrong_host' }
  return { ok: true }
}

/** The support of the current page. */
export function currentPasskeySupport(): PasskeySupport {
  return passkeySupport(window.location.hostname, typeof window.PublicKeyCredential === 'function')
}

/** The address of this page on the relying party's host (for the "open it here instead" link). */
export function passkeyHostUrl(location: Pick<Location, 'protocol' | 'port' | 'pathname' | 'hash'>): string {
  const port = location.port ? `:${location.port}` : ''
  return `${location.protocol}//${passkeyRpId}${port}${location.pathname}${location.hash}`
}

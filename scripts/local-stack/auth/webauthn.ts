// WebAuthn ceremonies for passkeys and WebAuthn MFA factors, on SimpleWebAuthn: options for the browser, and
// verification of its responses against the relying party of config.toml ([auth.webauthn] rp_id, rp_origins).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { AuthSettings } from '../config/index.ts'
import { loadOnFirstUse } from '../http/load-on-first-use.ts'

/**
 * SimpleWebAuthn and its CBOR, ASN.1 and COSE parsers take about a quarter of a second to load, on every start of the
 * stack: they load with the first ceremony instead.
 */
const simpleWebAuthn = loadOnFirstUse(() => import('@simplewebauthn/server'))

type RelyingParty = AuthSettings['webauthn']

export interface KnownCredential {
  /** base64url credential id */
  id: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
}

export interface NewCredential {
  id: Buffer
  publicKey: Buffer
  counter: number
  aaguid: string
  transports: string[]
  backupEligible: boolean
  backedUp: boolean
  userVerified: boolean
  attestationType: string
}

/** Creation options for `userId`; the user handle is the id's text, as GoTrue's WebAuthnID(). */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  exclude: { id: string; transports: string[] }[],
  residentKey: 'required' | 'discouraged',
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await simpleWebAuthn()
  return generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.email,
    attestationType: 'none',
    excludeCredentials: exclude,
    authenticatorSelection: { residentKey, userVerification: 'preferred' },
  })
}

export async function authenticationOptions(
  rp: RelyingParty,
  allow: { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await simpleWebAuthn()
  return generateAuthenticationOptions({ rpID: rp.rpId, allowCredentials: allow, userVerification: 'preferred' })
}

/** The verified new credential, or undefined when the response is malformed or does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
): Promise<NewCredential | undefined> {
  const { verifyRegistrationResponse } = await simpleWebAuthn()
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    })
    if (!result.verified) return undefined
    const info = result.registrationInfo
    return {
      id: Buffer.from(info.credential.id, 'base64url'),
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      aaguid: info.aaguid,
      transports: info.credential.transports ?? [],
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      userVerified: info.userVerified,
      attestationType: info.fmt,
    }
  } catch {
    return undefined
  }
}

/** The authenticator's new signature counter, or undefined when the assertion does not verify. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
  credential: KnownCredential,
): Promise<{ counter: number } | undefined> {
  const { verifyAuthenticationResponse } = await simpleWebAuthn()
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: false,
    })
    return result.verified ? { counter: result.authenticationInfo.newCounter } : undefined
  } catch {
    return undefined
  }
}

/** The credential id (base64url) an assertion names, if it names one. */
export function assertedCredentialId(response: unknown): string | undefined {
  const id = (response as { id?: unknown } | null)?.id
  return typeof id === 'string' && /^[A-Za-z0-9_-]+$/.test(id) ? id : undefined
}

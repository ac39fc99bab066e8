// A software WebAuthn authenticator for tests: ES256 key pairs in memory, "none" attestation, discoverable
// credentials with the user handle kept. It answers creation and request options (JSON with base64url fields, or
// auth-js's parsed form with ArrayBuffers) with responses a browser would send, toJSON() included.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

type Binary = string | ArrayBuffer | ArrayBufferView

interface StoredCredential {
  id: Buffer
  privateKey: KeyObject
  rpId: string
  userHandle: Buffer
  counter: number
}

function bytes(value: Binary): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'base64url')
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  return Buffer.from(value)
}

const b64url = (buffer: Buffer) => buffer.toString('base64url')
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()

/** A response object like a browser's PublicKeyCredential: the JSON form, also returned by toJSON(). */
function credential<T extends object>(json: T): T & { toJSON(): T } {
  return { ...json, toJSON: () => json }
}

/** Creation options as auth-js hands them over (its types need the DOM library, which scripts/ does not load). */
export type CreationOptions = { challenge: Binary; rp: { id?: string }; user: { id: Binary } }
export type RequestOptions = { challenge: Binary; rpId?: string; allowCredentials?: { id: Binary }[] }

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = []
  /** Flip to make the next signature invalid. */
  corruptNextSignature = false

  constructor(readonly origin = 'http://localhost:5173') {}

  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
    const id = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID: all zeros, as software authenticators report
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    this.credentials.push({ id, privateKey, rpId, userHandle: bytes(options.user.id), counter: 0 })
    const clientData = this.clientData('webauthn.create', options.challenge)
    return credential({
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(Buffer.from(attestationObject)),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    })
  }

  /** Signs with the credential the options allow, or the newest one (a discoverable sign-in). */
  authenticate(options: RequestOptions) {
    const allowed = (options.allowCredentials ?? []).map((c) => bytes(c.id))
    const stored = [...this.credentials]
      .reverse()
      .find((c) => allowed.length === 0 || allowed.some((id) => id.equals(c.id)))
    if (!stored) throw new Error('no matching credential')
    stored.counter += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(stored.counter)
    const authData = Buffer.concat([sha256(options.rpId ?? stored.rpId), Buffer.from([0x05]), counter])
    const clientData = this.clientData('webauthn.get', options.challenge)
    let signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), stored.privateKey)
    if (this.corruptNextSignature) {
      this.corruptNextSignature = false
      signature = Buffer.from(signature.map((b, i) => (i === signature.length - 1 ? b ^ 1 : b)))
    }
    return credential({
      id: b64url(stored.id),
      rawId: b64url(stored.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(stored.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    })
  }

  private clientData(type: string, challenge: Binary): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: b64url(bytes(challenge)), origin: this.origin, crossOrigin: false }),
    )
  }
}

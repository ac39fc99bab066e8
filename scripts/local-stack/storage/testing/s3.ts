// S3 clients for the Storage tests: @aws-sdk/client-s3 against a harness's /storage/v1/s3, signed with the local
// project's S3 keys (the server) or as a user's session (access key `stub`, the anon key as secret, the user's JWT
// as session token), and a SigV4 presigner on @smithy/signature-v4 for presigned URLs.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto'
import { S3Client } from '@aws-sdk/client-s3'
import { SignatureV4 } from '@smithy/signature-v4'
import { anonKey } from '../../keys/index.ts'
import { s3AccessKeyId, s3Region, s3SecretAccessKey, s3SessionAccessKeyId } from '../s3/credentials.ts'
import type { Harness } from './harness.ts'

export function s3Endpoint(h: Harness): string {
  return `${h.storageUrl}/s3`
}

function s3Client(h: Harness, credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) {
  return new S3Client({ endpoint: s3Endpoint(h), region: s3Region, forcePathStyle: true, credentials })
}

/** The server's client: the project's S3 access key and secret (acts as service_role). */
export function serviceS3(h: Harness, secretAccessKey = s3SecretAccessKey): S3Client {
  return s3Client(h, { accessKeyId: s3AccessKeyId, secretAccessKey })
}

/** A user's client: their JWT as the session token, so RLS decides as for the REST API. */
export function userS3(h: Harness, sub: string): S3Client {
  return s3Client(h, {
    accessKeyId: s3SessionAccessKeyId,
    secretAccessKey: anonKey,
    sessionToken: h.token({ sub, role: 'authenticated' }),
  })
}

/** node:crypto's SHA-256 (HMAC when given a secret) in the shape @smithy/signature-v4 hashes with. */
type SourceData = string | ArrayBuffer | ArrayBufferView

const bytes = (data: SourceData): string | Buffer =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : Buffer.from(data.buffer, data.byteOffset, data.byteLength)

export class Sha256 {
  private readonly hash: Hash | Hmac
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret))
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data))
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()))
  }
}

/** A presigned URL for `method` on `path` (under /s3), valid `expiresIn` seconds, signed with the server's keys. */
export async function presign(
  h: Harness,
  method: string,
  path: string,
  expiresIn = 60,
  secretAccessKey = s3SecretAccessKey,
  signingDate = new Date(),
): Promise<string> {
  const url = new URL(`${s3Endpoint(h)}${path}`)
  const signer = new SignatureV4({
    service: 's3',
    region: s3Region,
    credentials: { accessKeyId: s3AccessKeyId, secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
  })
  const signed = await signer.presign(
    {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      // As S3's presigner: the payload is not signed (hoisted into the query as X-Amz-Content-Sha256).
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn, signingDate },
  )
  const query = new URLSearchParams(signed.query as Record<string, string>)
  return `${url.origin}${url.pathname}?${query.toString()}`
}

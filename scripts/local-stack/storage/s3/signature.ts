// AWS Signature Version 4 as storage-api checks it (src/storage/protocols/s3/signature-v4.ts): the signature from
// the Authorization header or a presigned URL's query, the canonical request over the path under /storage/v1 (the
// CLI's S3_PROTOCOL_PREFIX), the sorted query, the signed headers and the payload hash the client declared, then an
// HMAC chain from the secret. The body itself is not hashed (storage-api trusts x-amz-content-sha256 for S3).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { s3Errors } from './errors.ts'

export interface ClientSignature {
  accessKey: string
  shortDate: string
  region: string
  service: string
  signedHeaders: string[]
  signature: string
  longDate: string
  contentSha?: string
  sessionToken?: string
  /** A presigned URL: its query carried the signature. */
  presigned: boolean
}

export interface SignedRequest {
  method: string
  /** The path as the client sent it (still percent-encoded), after /storage/v1. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
}

export interface ServerCredentials {
  accessKey: string
  secretKey: string
  region: string
}

const prefix = '/storage/v1'
export const emptySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

/** Headers a signature never covers, whatever SignedHeaders says. */
const unsignable = new Set([
  'authorization',
  'connection',
  'expect',
  'from',
  'keep-alive',
  'max-forwards',
  'pragma',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
])

const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(',') : String(value)

function credentialParts(credential: string) {
  const parts = credential.split('/')
  if (parts.length !== 5) throw s3Errors.invalidSignature('Invalid credentials')
  const [accessKey, shortDate, region, service] = parts as [string, string, string, string]
  return { accessKey, shortDate, region, service }
}

/** The signature of a request: the Authorization header's when it is one, else a presigned URL's; else none. */
export function readSignature(headers: IncomingHttpHeaders, query: URLSearchParams): ClientSignature {
  const authorization = headers.authorization
  if (typeof authorization === 'string' && authorization.startsWith('AWS4-HMAC-SHA256 ')) {
    const fields = new Map<string, string>()
    for (const field of authorization.replace('AWS4-HMAC-SHA256 ', '').split(',')) {
      const [name, value] = field.split('=')
      fields.set(name!.trim(), value!)
    }
    const credential = fields.get('Credential')
    const signedHeaders = fields.get('SignedHeaders')
    const signature = fields.get('Signature')
    const longDate = headers['x-amz-date']
    if (!credential || !signedHeaders || !signature || typeof longDate !== 'string') {
      throw s3Errors.invalidSignature('Invalid signature format')
    }
    return {
      ...credentialParts(credential),
      signedHeaders: signedHeaders.split(';'),
      signature,
      longDate,
      contentSha: text(headers['x-amz-content-sha256']),
      sessionToken: text(headers['x-amz-security-token']),
      presigned: false,
    }
  }
  const credential = query.get('X-Amz-Credential')
  if (credential !== null) {
    const signedHeaders = query.get('X-Amz-SignedHeaders')
    const signature = query.get('X-Amz-Signature')
    const longDate = query.get('X-Amz-Date')
    if (signedHeaders === null || signature === null || longDate === null) {
      throw s3Errors.invalidSignature('Invalid signature format')
    }
    const expires = query.get('X-Amz-Expires')
    if (expires) checkExpiry(longDate, expires)
    return {
      ...credentialParts(credential),
      signedHeaders: signedHeaders.split(';'),
      signature,
      longDate,
      contentSha: query.get('X-Amz-Content-Sha256') ?? undefined,
      sessionToken: query.get('X-Amz-Security-Token') ?? undefined,
      presigned: true,
    }
  }
  throw s3Errors.accessDenied('Missing signature')
}

function checkExpiry(longDate: string, expires: string): void {
  const seconds = Number.parseInt(expires, 10)
  if (Number.isNaN(seconds) || seconds < 0) throw s3Errors.invalidSignature('Invalid expiration')
  const iso = longDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')
  if (new Date(iso).getTime() + seconds * 1000 < Date.now()) throw s3Errors.expiredSignature()
}

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function canonicalQuery(query: URLSearchParams): string {
  const entries = new Map<string, string>()
  // Fastify's query parser keeps the last of repeated names; the signature covers that one.
  for (const [name, value] of query) if (name !== 'X-Amz-Signature') entries.set(name, value)
  return [...entries.keys()]
    .sort()
    .map((name) => `${encode(name)}=${encode(entries.get(name)!)}`)
    .join('&')
}

/** The Host the client signed: X-Forwarded-Host (with X-Forwarded-Port unless 80/443) when a proxy set it. */
function signedHost(headers: IncomingHttpHeaders): string {
  const forwarded = text(headers['x-forwarded-host'])
  if (!forwarded) return `host:${text(headers.host)}`
  const port = text(headers['x-forwarded-port'])
  const host = forwarded.toLowerCase()
  if (!port || port === '80' || port === '443') return `host:${host}`
  return forwarded.includes(':') ? `host:${forwarded.replace(/:\d+$/, `:${port}`)}` : `host:${host}:${port}`
}

function canonicalHeaders(headers: IncomingHttpHeaders, signed: string[]): string {
  const lines = signed
    .filter((name) => headers[name] !== undefined && !unsignable.has(name.toLowerCase()))
    .sort()
    .map((name) => {
      if (name === 'host') return signedHost(headers)
      if (name === 'content-length') return `${name}:${text(headers[name]) ?? '0'}`
      return `${name}:${text(headers[name])}`
    })
  return `${lines.join('\n')}\n`
}

function payloadHash(signature: ClientSignature, request: SignedRequest): string {
  if (signature.presigned && request.method === 'GET') return 'UNSIGNED-PAYLOAD'
  return signature.contentSha ?? 'UNSIGNED-PAYLOAD'
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

export function signingKey(secret: string, shortDate: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, shortDate), region), service), 'aws4_request')
}

/**
 * The region the server signs with: the client's when it is one storage-api accepts without enforcing a region
 * ("auto", "us-east-1", empty, or the server's own), else the server's (so the signature will not match).
 */
export function regionFor(client: string, server: string): string {
  return ['auto', 'us-east-1', server, ''].includes(client) ? client : server
}

/** Checks the credentials and the signature; answers whether the signature matches. */
export function verifySignature(
  signature: ClientSignature,
  request: SignedRequest,
  server: ServerCredentials,
): boolean {
  if (signature.accessKey !== server.accessKey) throw s3Errors.accessDenied('Invalid Access Key')
  if (signature.service !== 's3') throw s3Errors.accessDenied('Invalid Service')
  const region = regionFor(signature.region, server.region)
  const canonical = [
    request.method,
    prefix + request.path,
    canonicalQuery(request.query),
    canonicalHeaders(request.headers, signature.signedHeaders),
    [...signature.signedHeaders].sort().join(';'),
    payloadHash(signature, request),
  ].join('\n')
  const scope = `${signature.shortDate}/${region}/s3/aws4_request`
  const toSign = [
    'AWS4-HMAC-SHA256',
    signature.longDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n')
  const key = signingKey(server.secretKey, signature.shortDate, region, 's3')
  const expected = Buffer.from(hmac(key, toSign).toString('hex'))
  const given = Buffer.from(signature.signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The key a streaming upload's chunk signatures are made with (the request's scope). */
export function chunkSigningKey(signature: ClientSignature, server: ServerCredentials): Buffer {
  return signingKey(server.secretKey, signature.shortDate, regionFor(signature.region, server.region), 's3')
}

/** The scope line of a chunk's string to sign. */
export function chunkScope(signature: ClientSignature, server: ServerCredentials): string {
  return `${signature.shortDate}/${regionFor(signature.region, server.region)}/s3/aws4_request`
}

// Browser uploads by POST form to /s3/{bucket} (S3's POST Object, storage-api's PostForm route): a multipart form
// whose fields come before the file — key, Policy, X-Amz-Credential/-Date/-Signature (the HMAC of the policy), the
// optional X-Amz-Security-Token, Content-Type, Cache-Control, x-amz-meta-* — checked as storage-api checks them
// (signature, policy expiration and conditions), then stored like PutObject as whoever signed.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { StorageContext } from '../context.ts'
import { discardBody } from '../http.ts'
import { storeUpload } from '../objects/upload.ts'
import { headerCacheControl, normalizeMimeType, validateMimeType } from '../validate.ts'
import { callerFor, serverCredentials, signatureMismatch } from './auth.ts'
import type { S3Request } from './context.ts'
import { s3Errors } from './errors.ts'
import { metadataFromHeaders } from './incoming.ts'
import { mustNotBeExpired, mustSatisfyPolicy, parsePolicy } from './policy.ts'
import { regionFor, signingKey, type ClientSignature } from './signature.ts'

interface Form {
  /** The fields before the file, by lower-cased name. */
  fields: Record<string, string>
  file: Readable
  mimeType: string
  finished: Promise<void>
  abandon(): void
}

export function isPostForm(method: string, req: IncomingMessage): boolean {
  return method === 'POST' && (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
}

/** Reads the form up to its file (storage-api's limits: 20 fields, one file); the file is not yet read. */
function readForm(req: IncomingMessage): Promise<Form> {
  let form: busboy.Busboy
  try {
    form = busboy({ headers: req.headers, limits: { fields: 20, files: 1, fieldSize: 1024 * 1024 } })
  } catch (error) {
    throw s3Errors.invalidParameter((error as Error).message)
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  const finished = new Promise<void>((resolve, reject) => {
    form.once('close', resolve)
    form.on('error', reject)
  })
  finished.catch(() => {})
  const abandon = () => {
    req.unpipe(form)
    discardBody(req)
  }
  return new Promise<Form>((resolve, reject) => {
    let found = false
    let duplicate = false
    form.on('field', (name, value) => {
      const field = name.toLowerCase()
      if (field in fields) duplicate = true
      fields[field] = value
    })
    form.on('error', (error: Error) => found || reject(s3Errors.invalidParameter(error.message)))
    form.once('close', () => found || reject(s3Errors.invalidParameter('Missing file')))
    form.once('file', (_name, file, info) => {
      found = true
      file.on('error', () => {})
      if (duplicate) {
        file.resume()
        abandon()
        return reject(s3Errors.invalidSignature('Duplicate form field in POST policy request'))
      }
      resolve({ fields, file, mimeType: info.mimeType, finished, abandon })
    })
    req.pipe(form)
  })
}

/** The form's signature: the HMAC of the policy with the signer's key, as AWS's POST policy signing has it. */
function formSignature(fields: Record<string, string>): ClientSignature & { policy: string } {
  const credential = fields['x-amz-credential']
  const signature = fields['x-amz-signature']
  const longDate = fields['x-amz-date']
  const policy = fields.policy
  if (!credential || !signature || !longDate || !policy) throw s3Errors.invalidSignature('Invalid signature format')
  const parts = credential.split('/')
  if (parts.length !== 5) throw s3Errors.invalidSignature('Invalid credentials')
  const [accessKey, shortDate, region, service] = parts as [string, string, string, string]
  return {
    accessKey,
    shortDate,
    region,
    service,
    signedHeaders: [],
    signature,
    longDate,
    sessionToken: fields['x-amz-security-token'],
    presigned: false,
    policy,
  }
}

export async function postObjectForm(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  request: Omit<S3Request, 'auth' | 'caller'>,
): Promise<void> {
  const bucket = request.params.bucket ?? ''
  const form = await readForm(req)
  try {
    const { fields } = form
    const signature = formSignature(fields)
    const server = serverCredentials(signature.sessionToken)
    if (signature.accessKey !== server.accessKey) throw s3Errors.accessDenied('Invalid Access Key')
    if (signature.service !== 's3') throw s3Errors.accessDenied('Invalid Service')
    const key = signingKey(server.secretKey, signature.shortDate, regionFor(signature.region, server.region), 's3')
    const expected = Buffer.from(createHmac('sha256', key).update(signature.policy).digest('hex'))
    const given = Buffer.from(signature.signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw signatureMismatch(signature.sessionToken)
    }
    const policy = parsePolicy(signature.policy)
    mustNotBeExpired(policy.expiration)
    mustSatisfyPolicy(policy, fields, bucket)
    const caller = await callerFor(ctx, signature.sessionToken)
    const upload: S3Request = { ...request, caller, auth: { caller, signature, server } }
    const { eTag } = await storeUpload(ctx, upload, {
      bucket,
      key: fields.key,
      owner: caller.sub,
      upsert: true,
      checkAs: caller,
      incoming: async (limits) => {
        const mimeType = normalizeMimeType(fields['content-type'] || form.mimeType || 'application/octet-stream')
        if (limits.allowedMimeTypes.length > 0) validateMimeType(mimeType, limits.allowedMimeTypes)
        return {
          body: form.file,
          mimeType,
          cacheControl: headerCacheControl(fields['cache-control']),
          userMetadata: metadataFromHeaders(fields),
          contentLength: undefined,
          finished: form.finished,
          abandon: () => {
            form.file.resume()
            form.abandon()
          },
        }
      },
    })
    res.writeHead(200, { ETag: eTag, 'Content-Length': '0' }).end()
  } catch (error) {
    form.file.resume()
    form.abandon()
    throw error
  }
}

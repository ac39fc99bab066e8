// The id of a resumable upload, as Storage API puts it in the upload URL: base64url of "<bucket>/<object>/<version>"
// (its UploadId without the tenant), so /upload/resumable/<id> names the object the bytes are for. On disk the
// upload is kept under a hash of that triple, a safe file name for every valid key (up to 1 KiB, any UTF-8).
import { createHash } from 'node:crypto'
import { isValidBucketName, isValidKey } from '../validate.ts'

export interface UploadTarget {
  bucket: string
  key: string
  /** The object version the upload becomes: a UUID chosen at creation. */
  version: string
}

const version = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function encodeUploadId(target: UploadTarget): string {
  return Buffer.from(`${target.bucket}/${target.key}/${target.version}`, 'utf8').toString('base64url')
}

/** The triple an upload URL's last segment names; undefined for anything we could not have issued. */
export function decodeUploadId(segment: string): UploadTarget | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return undefined
  const parts = Buffer.from(segment, 'base64url').toString('utf8').split('/')
  if (parts.length < 3) return undefined
  const bucket = parts[0]!
  const last = parts[parts.length - 1]!
  const key = parts.slice(1, -1).join('/')
  if (!isValidBucketName(bucket) || !isValidKey(key) || !version.test(last)) return undefined
  return { bucket, key, version: last }
}

/** The name the upload's bytes and info file have under the resumable folder. */
export function storeIdOf(target: UploadTarget): string {
  return createHash('sha256')
    .update(target.bucket)
    .update('\0')
    .update(target.key)
    .update('\0')
    .update(target.version)
    .digest('hex')
}

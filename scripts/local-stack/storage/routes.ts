// The routes of Storage API v1.60 that storage-js 2.119 uses, in storage-api's order of precedence (fixed prefixes
// such as /object/sign before /object/{bucket}), each with its JWT rule and the operation name storage-api gives it.
// `auth`: required (AccessDenied without a valid JWT), optional (the deprecated GET /object/{bucket}/{key}, which
// runs as anon on a bad token) or none (public and signed URLs).
import * as buckets from './buckets.ts'
import type { Handler } from './context.ts'
import { listObjects } from './objects/list.ts'
import { copyObject, moveObject } from './objects/move-copy.ts'
import {
  downloadObject,
  downloadPublicObject,
  downloadSignedObject,
  objectInfo,
  publicObjectInfo,
} from './objects/read.ts'
import { removeObject, removeObjects } from './objects/remove.ts'
import { signObjectUrl, signObjectUrls } from './objects/sign.ts'
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './objects/write.ts'

export interface Route {
  methods: string[]
  /** Matched against the still-encoded path; groups are the bucket and then the key. */
  pattern: RegExp
  auth: 'required' | 'optional' | 'none'
  operation: string
  handler: Handler
}

const status: Handler = async (_ctx, { res }) => void res.writeHead(200, { 'Content-Length': '0' }).end()

const bucket = '([^/]+)'
const key = '(.+)'
const route = (methods: string, path: string, auth: Route['auth'], operation: string, handler: Handler): Route => ({
  methods: methods.split(','),
  pattern: new RegExp(`^${path}$`),
  auth,
  operation: operation && `storage.${operation}`,
  handler,
})

export const routes: Route[] = [
  route('GET', '/status', 'none', '', status),
  route('GET', '/bucket/?', 'required', 'bucket.list', buckets.listBuckets),
  route('POST', '/bucket/?', 'required', 'bucket.create', buckets.createBucket),
  route('POST', `/bucket/${bucket}/empty`, 'required', 'bucket.empty', buckets.emptyBucket),
  route('GET', `/bucket/${bucket}`, 'required', 'bucket.get', buckets.getBucket),
  route('PUT', `/bucket/${bucket}`, 'required', 'bucket.update', buckets.updateBucket),
  route('DELETE', `/bucket/${bucket}`, 'required', 'bucket.delete', buckets.deleteBucket),
  route('POST', `/object/list/${bucket}`, 'required', 'object.list', listObjects),
  route('POST', '/object/move', 'required', 'object.move', moveObject),
  route('POST', '/object/copy', 'required', 'object.copy', copyObject),
  route('POST', `/object/sign/${bucket}/${key}`, 'required', 'object.sign', signObjectUrl),
  route('GET,HEAD', `/object/sign/${bucket}/${key}`, 'none', 'object.get_signed', downloadSignedObject),
  route('POST', `/object/sign/${bucket}`, 'required', 'object.sign_many', signObjectUrls),
  route('POST', `/object/upload/sign/${bucket}/${key}`, 'required', 'object.sign_upload_url', createSignedUploadUrl),
  route('PUT', `/object/upload/sign/${bucket}/${key}`, 'none', 'object.upload_signed', uploadToSignedUrl),
  route('GET,HEAD', `/object/public/${bucket}/${key}`, 'none', 'object.get_public', downloadPublicObject),
  route('GET', `/object/info/public/${bucket}/${key}`, 'none', 'object.info_public', publicObjectInfo),
  route('GET', `/object/info/authenticated/${bucket}/${key}`, 'required', 'object.info_authenticated', objectInfo),
  route('GET', `/object/info/${bucket}/${key}`, 'required', 'object.info_authenticated', objectInfo),
  route('GET,HEAD', `/object/authenticated/${bucket}/${key}`, 'required', 'object.get_authenticated', downloadObject),
  route('GET,HEAD', `/object/${bucket}/${key}`, 'optional', 'object.get_authenticated', downloadObject),
  route('POST', `/object/${bucket}/${key}`, 'required', 'object.upload', uploadObject),
  route('PUT', `/object/${bucket}/${key}`, 'required', 'object.upload_update', uploadObject),
  route('DELETE', `/object/${bucket}/${key}`, 'required', 'object.delete', removeObject),
  route('DELETE', `/object/${bucket}`, 'required', 'object.delete_many', removeObjects),
]

export function matchRoute(method: string, path: string): { route: Route; groups: string[] } | undefined {
  for (const candidate of routes) {
    if (!candidate.methods.includes(method)) continue
    const match = candidate.pattern.exec(path)
    if (match) return { route: candidate, groups: match.slice(1) }
  }
  return undefined
}

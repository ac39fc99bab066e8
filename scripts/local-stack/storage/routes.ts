// The routes of Storage API v1.60 that storage-js 2.119 uses, on the stack's shared router, in storage-api's order of
// precedence (fixed prefixes such as /object/sign before /object/{bucket}), each with its JWT rule and the operation
// name storage-api gives it.
// `auth`: required (AccessDenied without a valid JWT), optional (the deprecated GET /object/{bucket}/{key}, which
// runs as anon on a bad token) or none (public and signed URLs).
import { Router, type RouteOptions } from '../http/router.ts'
import * as buckets from './buckets.ts'
import type { Handler } from './context.ts'
import { listObjects } from './objects/list.ts'
import { listObjectsV2 } from './objects/list-v2.ts'
import { copyObject, moveObject } from './objects/move-copy.ts'
import {
  downloadObject,
  downloadPublicObject,
  downloadSignedObject,
  headObject,
  headPublicObject,
  objectInfo,
  publicObjectInfo,
} from './objects/read.ts'
import { removeObject, removeObjects } from './objects/remove.ts'
import { renderAuthenticatedImage, renderPublicImage, renderSignedImage } from './render/handlers.ts'
import { signObjectUrl, signObjectUrls } from './objects/sign.ts'
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './objects/write.ts'

/** storage-api's JWT rule of a route: required, tolerated (runs as anon when invalid) or none. */
export type RouteAuth = 'required' | 'optional' | 'none'

export interface StorageRouteOptions extends RouteOptions {
  auth: RouteAuth
  operation: string
}

const status: Handler = async (_ctx, { res }) => void res.writeHead(200, { 'Content-Length': '0' }).end()

/** The Storage API release followed (`GET /version` answers storage-api's VERSION, which its image sets). */
export const storageApiVersion = '1.60.32'

const version: Handler = async (_ctx, { res }) =>
  void res
    .writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(storageApiVersion)),
    })
    .end(storageApiVersion)

export const router = new Router<Handler>()

/** `operation` is prefixed with `storage.` unless it starts with `=` (storage-api's few legacy names). */
function route(methods: string, path: string, auth: RouteAuth, operation: string, handler: Handler): void {
  const name = operation.startsWith('=') ? operation.slice(1) : operation && `storage.${operation}`
  const options: StorageRouteOptions = { auth, operation: name }
  router.add(methods.split(','), path, handler, options)
}

route('GET', '/status', 'none', '', status)
route('GET', '/version', 'none', '', version)
for (const path of ['/bucket', '/bucket/']) {
  route('GET', path, 'required', 'bucket.list', buckets.listBuckets)
  route('POST', path, 'required', 'bucket.create', buckets.createBucket)
}
route('POST', '/bucket/:bucket/empty', 'required', 'bucket.empty', buckets.emptyBucket)
route('GET', '/bucket/:bucket', 'required', 'bucket.get', buckets.getBucket)
route('PUT', '/bucket/:bucket', 'required', 'bucket.update', buckets.updateBucket)
route('DELETE', '/bucket/:bucket', 'required', 'bucket.delete', buckets.deleteBucket)
route('POST', '/object/list/:bucket', 'required', 'object.list', listObjects)
route('POST', '/object/list-v2/:bucket', 'required', 'object.list_v2', listObjectsV2)
route('POST', '/object/move', 'required', 'object.move', moveObject)
route('POST', '/object/copy', 'required', 'object.copy', copyObject)
route('POST', '/object/sign/:bucket/*', 'required', 'object.sign', signObjectUrl)
route('GET,HEAD', '/object/sign/:bucket/*', 'none', 'object.get_signed', downloadSignedObject)
route('POST', '/object/sign/:bucket', 'required', 'object.sign_many', signObjectUrls)
route('POST', '/object/upload/sign/:bucket/*', 'required', 'object.sign_upload_url', createSignedUploadUrl)
route('PUT', '/object/upload/sign/:bucket/*', 'none', 'object.upload_signed', uploadToSignedUrl)
route('GET', '/object/public/:bucket/*', 'none', 'object.get_public', downloadPublicObject)
// HEAD on the download routes is storage-api's getObjectInfo with its HeadRenderer (objects/read.ts).
route('HEAD', '/object/public/:bucket/*', 'none', 'object.info_public', headPublicObject)
route('GET', '/object/info/public/:bucket/*', 'none', 'object.info_public', publicObjectInfo)
// Fastify answers HEAD with these GET routes (exposeHeadRoute), not with /object/info/public's; a HEAD there
// reaches /object/info/:bucket/* with "public" as the bucket, as in storage-api. /object/info/:bucket/* tolerates
// an invalid JWT (allowInvalidJwt) and runs as anon.
route('GET,HEAD', '/object/info/authenticated/:bucket/*', 'required', '=object.get_authenticated_info', objectInfo)
route('GET,HEAD', '/object/info/:bucket/*', 'optional', '=object.get_authenticated_info', objectInfo)
route('GET', '/object/authenticated/:bucket/*', 'required', 'object.get_authenticated', downloadObject)
route('HEAD', '/object/authenticated/:bucket/*', 'required', '=object.head_authenticated_info', headObject)
route('GET', '/object/:bucket/*', 'optional', 'object.get_authenticated', downloadObject)
route('HEAD', '/object/:bucket/*', 'optional', '=object.head_authenticated_info', headObject)
route('POST', '/object/:bucket/*', 'required', 'object.upload', uploadObject)
route('PUT', '/object/:bucket/*', 'required', 'object.upload_update', uploadObject)
route('DELETE', '/object/:bucket/*', 'required', 'object.delete', removeObject)
route('DELETE', '/object/:bucket', 'required', 'object.delete_many', removeObjects)
// Image transformations (storage-api registers them when IMAGE_TRANSFORMATION_ENABLED, as the CLI sets it).
route('GET', '/render/image/public/:bucket/*', 'none', 'render.image_public', renderPublicImage)
route(
  'GET',
  '/render/image/authenticated/:bucket/*',
  'required',
  'render.image_authenticated',
  renderAuthenticatedImage,
)
route('GET', '/render/image/sign/:bucket/*', 'none', 'render.image_sign', renderSignedImage)
// Resumable uploads (TUS): creation, then HEAD/PATCH/DELETE on the upload URL; OPTIONS needs no JWT.
const resumable: Handler = (ctx, request) => ctx.resumable!.handle(ctx, request)
// Signed (storage-api's routes under /sign, run as the server): x-signature instead of a JWT.
for (const path of ['/upload/resumable/sign', '/upload/resumable/sign/']) {
  route('POST', path, 'none', 'tus.upload.create_signed', resumable)
  route('OPTIONS', path, 'none', 'tus.options_signed', resumable)
}
route('POST', '/upload/resumable/sign/*', 'none', 'tus.upload.create_signed', resumable)
route('PUT,PATCH', '/upload/resumable/sign/*', 'none', 'tus.upload.part_signed', resumable)
route('HEAD', '/upload/resumable/sign/*', 'none', 'tus.upload.get_signed', resumable)
route('DELETE', '/upload/resumable/sign/*', 'none', 'tus.upload.delete_signed', resumable)
route('OPTIONS', '/upload/resumable/sign/*', 'none', 'tus.options_signed', resumable)
for (const path of ['/upload/resumable', '/upload/resumable/']) {
  route('POST', path, 'required', 'tus.upload.create', resumable)
  route('OPTIONS', path, 'none', 'tus.options', resumable)
}
route('POST', '/upload/resumable/*', 'required', 'tus.upload.create', resumable)
route('PUT,PATCH', '/upload/resumable/*', 'required', 'tus.upload.part', resumable)
route('HEAD', '/upload/resumable/*', 'required', 'tus.upload.get', resumable)
route('DELETE', '/upload/resumable/*', 'required', 'tus.upload.delete', resumable)
route('OPTIONS', '/upload/resumable/*', 'none', 'tus.options', resumable)

// What an S3 command receives: the Storage request (its caller is who the signature stands for) plus the signature,
// which a streaming upload needs to check its chunks.
import type { StorageContext, StorageRequest } from '../context.ts'
import type { S3Auth } from './auth.ts'

export interface S3Request extends StorageRequest {
  auth: S3Auth
}

export type S3Handler = (ctx: StorageContext, request: S3Request) => Promise<void>

/** The route's bucket; S3 clients always name one where a command needs it. */
export function bucketOf(request: S3Request): string {
  return request.params.bucket ?? ''
}

export function keyOf(request: S3Request): string {
  return request.params.key ?? ''
}

// Which S3 command a request is: S3 names commands by method, by how much of the path there is (the service, a
// bucket, an object) and by query parameters or headers (`?uploads`, `?list-type=2`, `x-amz-copy-source`), checked in
// storage-api's order. Each command carries storage-api's operation name, which policies read as storage.operation().
import type { IncomingHttpHeaders } from 'node:http'
import * as buckets from './buckets.ts'
import type { S3Handler } from './context.ts'
import { listObjects, listObjectsV2 } from './list.ts'
import * as parts from './multipart/parts.ts'
import * as uploads from './multipart/uploads.ts'
import * as objects from './objects.ts'

type Level = 'service' | 'bucket' | 'object'

interface Command {
  method: string
  level: Level
  when?: (query: URLSearchParams, headers: IncomingHttpHeaders) => boolean
  operation: string
  handler: S3Handler
}

const has = (name: string) => (query: URLSearchParams) => query.has(name)

const commands: Command[] = [
  { method: 'GET', level: 'service', operation: 'storage.s3.bucket.list', handler: buckets.listBuckets },
  { method: 'PUT', level: 'bucket', operation: 'storage.s3.bucket.create', handler: buckets.createBucket },
  { method: 'DELETE', level: 'bucket', operation: 'storage.s3.bucket.delete', handler: buckets.deleteBucket },
  { method: 'HEAD', level: 'bucket', operation: 'storage.s3.bucket.head', handler: buckets.headBucket },
  {
    method: 'GET',
    level: 'bucket',
    when: has('location'),
    operation: 'storage.s3.bucket.get_location',
    handler: buckets.getBucketLocation,
  },
  {
    method: 'GET',
    level: 'bucket',
    when: has('versioning'),
    operation: 'storage.s3.bucket.get_versioning',
    handler: buckets.getBucketVersioning,
  },
  {
    method: 'GET',
    level: 'bucket',
    when: (query) => query.get('list-type') === '2',
    operation: 'storage.s3.object.list',
    handler: listObjectsV2,
  },
  {
    method: 'GET',
    level: 'bucket',
    when: has('uploads'),
    operation: 'storage.s3.upload.list_multipart',
    handler: uploads.listMultipartUploads,
  },
  {
    method: 'GET',
    level: 'bucket',
    operation: 'storage.s3.object.list',
    handler: listObjects,
  },
  {
    method: 'POST',
    level: 'bucket',
    when: has('delete'),
    operation: 'storage.s3.object.delete_many',
    handler: objects.deleteObjects,
  },
  {
    method: 'GET',
    level: 'object',
    when: has('uploadId'),
    operation: 'storage.s3.upload.list_parts',
    handler: parts.listParts,
  },
  {
    method: 'GET',
    level: 'object',
    when: has('tagging'),
    operation: 'storage.s3.object.get_tagging',
    handler: objects.getObjectTagging,
  },
  { method: 'GET', level: 'object', operation: 'storage.s3.object.get', handler: objects.getObject },
  { method: 'HEAD', level: 'object', operation: 'storage.s3.object.info', handler: objects.headObject },
  {
    method: 'PUT',
    level: 'object',
    when: (query, headers) => query.has('uploadId') && query.has('partNumber') && !headers['x-amz-copy-source'],
    operation: 'storage.s3.upload.part',
    handler: parts.uploadPart,
  },
  {
    method: 'PUT',
    level: 'object',
    when: (query, headers) => query.has('uploadId') && query.has('partNumber') && !!headers['x-amz-copy-source'],
    operation: 'storage.s3.upload.part_copy',
    handler: parts.uploadPartCopy,
  },
  {
    method: 'PUT',
    level: 'object',
    when: (query, headers) => !query.has('uploadId') && !!headers['x-amz-copy-source'],
    operation: 'storage.s3.object.copy',
    handler: objects.copyObject,
  },
  {
    method: 'PUT',
    level: 'object',
    when: (query) => !query.has('uploadId'),
    operation: 'storage.s3.upload',
    handler: objects.putObject,
  },
  {
    method: 'POST',
    level: 'object',
    when: has('uploads'),
    operation: 'storage.s3.upload.create_multipart',
    handler: uploads.createMultipartUpload,
  },
  {
    method: 'POST',
    level: 'object',
    when: has('uploadId'),
    operation: 'storage.s3.upload.complete_multipart',
    handler: uploads.completeMultipartUpload,
  },
  {
    method: 'DELETE',
    level: 'object',
    when: has('uploadId'),
    operation: 'storage.s3.upload.abort_multipart',
    handler: uploads.abortMultipartUpload,
  },
  { method: 'DELETE', level: 'object', operation: 'storage.s3.object.delete', handler: objects.deleteObject },
]

export interface S3Target {
  level: Level
  bucket?: string
  key?: string
}

/** The path after /s3 split into bucket and key (percent-decoded); undefined when it cannot be decoded. */
export function parseTarget(path: string): S3Target | undefined {
  const rest = path.replace(/^\/s3/, '').replace(/^\//, '')
  try {
    if (rest === '') return { level: 'service' }
    const slash = rest.indexOf('/')
    if (slash === -1 || slash === rest.length - 1) {
      return { level: 'bucket', bucket: decodeURIComponent(slash === -1 ? rest : rest.slice(0, -1)) }
    }
    return {
      level: 'object',
      bucket: decodeURIComponent(rest.slice(0, slash)),
      key: decodeURIComponent(rest.slice(slash + 1)),
    }
  } catch {
    return undefined
  }
}

export function findCommand(
  method: string,
  target: S3Target,
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
): Command | undefined {
  return commands.find((c) => c.method === method && c.level === target.level && (!c.when || c.when(query, headers)))
}

// ListObjectsV2 and ListObjects (v1) of the S3 protocol, on the Storage service's list-v2 page (objects/list-v2.ts):
// the bucket must exist (checked as the server), then the caller's RLS decides what shows. Up to 1000 keys a page;
// a delimiter folds deeper names into CommonPrefixes; v2 pages on storage-api's continuation token, v1 on the last
// key (Marker). `encoding-type=url` percent-encodes the names, as storage-api does.
import { serviceCaller } from '../caller.ts'
import { scopeOf } from '../context.ts'
import { decodeCursor } from '../objects/list-cursor.ts'
import { listPage, type Entry } from '../objects/list-v2.ts'
import { mustFindBucket } from '../objects/rows.ts'
import { bucketOf, type S3Handler, type S3Request } from './context.ts'
import type { StorageContext } from '../context.ts'
import { s3Errors } from './errors.ts'
import { sendXml } from './xml.ts'

interface ListInput {
  prefix: string
  delimiter: string | undefined
  maxKeys: number
  continuationToken: string | undefined
  startAfter: string | undefined
  encodingType: string | undefined
}

function maxKeysOf(value: string | null): number {
  if (value === null) return 1000
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw s3Errors.invalidParameter('max-keys')
  return Math.min(n || 1000, 1000)
}

/** The query's listing options, paged by v2's continuation token or v1's marker (given as startAfter). */
function listInput(q: URLSearchParams, page: { continuationToken?: string; startAfter?: string }): ListInput {
  return {
    prefix: q.get('prefix') ?? '',
    delimiter: q.get('delimiter') || undefined,
    maxKeys: maxKeysOf(q.get('max-keys')),
    continuationToken: page.continuationToken || undefined,
    startAfter: page.startAfter || undefined,
    encodingType: q.get('encoding-type') || undefined,
  }
}

async function list(ctx: StorageContext, request: S3Request, input: ListInput) {
  const bucket = bucketOf(request)
  await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  const page = await listPage(ctx, request, bucket, {
    prefix: input.prefix,
    limit: input.maxKeys,
    cursor: input.continuationToken
      ? decodeCursor(input.continuationToken)
      : input.startAfter
        ? { startAfter: input.startAfter }
        : undefined,
    withDelimiter: !!input.delimiter,
  })
  const name = (entry: Entry) => (input.encodingType === 'url' ? encodeURIComponent(entry.name) : entry.name)
  return {
    page,
    contents: page.objects.map((o) => {
      const meta = (o.metadata ?? {}) as Record<string, unknown>
      return {
        Key: name(o),
        LastModified: o.updated_at ? new Date(o.updated_at) : undefined,
        ETag: meta.eTag,
        Size: typeof meta.size === 'number' ? meta.size : 0,
        StorageClass: 'STANDARD',
      }
    }),
    prefixes: page.folders.map((f) => ({ Prefix: name(f) })),
  }
}

export const listObjectsV2: S3Handler = async (ctx, request) => {
  const q = request.query
  const input = listInput(q, {
    continuationToken: q.get('continuation-token') ?? undefined,
    startAfter: q.get('start-after') ?? undefined,
  })
  const { page, contents, prefixes } = await list(ctx, request, input)
  sendXml(request.res, 200, {
    ListBucketResult: {
      Name: bucketOf(request),
      Prefix: input.prefix,
      ContinuationToken: input.continuationToken,
      Contents: contents,
      IsTruncated: page.hasNext,
      MaxKeys: input.maxKeys,
      Delimiter: input.delimiter,
      EncodingType: input.encodingType,
      KeyCount: page.objects.length + page.folders.length,
      CommonPrefixes: prefixes,
      NextContinuationToken: page.nextCursor,
    },
  })
}

export const listObjects: S3Handler = async (ctx, request) => {
  const input = listInput(request.query, { startAfter: request.query.get('marker') ?? undefined })
  const { page, contents, prefixes } = await list(ctx, request, input)
  sendXml(request.res, 200, {
    ListBucketResult: {
      Name: bucketOf(request),
      Prefix: input.prefix,
      Marker: page.nextCursorKey,
      // NextMarker only on a truncated answer to a request with a delimiter (S3's ListObjects reference).
      NextMarker: page.hasNext && input.delimiter ? page.nextCursorKey : undefined,
      MaxKeys: input.maxKeys,
      IsTruncated: page.hasNext,
      Contents: contents,
      CommonPrefixes: prefixes,
      EncodingType: input.encodingType,
    },
  })
}

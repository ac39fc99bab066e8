// The parts of a multipart upload: UploadPart (the request body), UploadPartCopy (a byte range of an object the
// caller may read, as storage-api copies it) and ListParts (pages of up to 1000, after a part-number marker).
import { createReadStream } from 'node:fs'
import { serviceCaller } from '../../caller.ts'
import { scopeOf } from '../../context.ts'
import { errors } from '../../errors.ts'
import { mustFindObject } from '../../objects/rows.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../../validate.ts'
import type { S3Handler } from '../context.ts'
import { s3Errors } from '../errors.ts'
import { declaredLength, s3Body } from '../incoming.ts'
import { copySource } from '../objects.ts'
import { sendXml } from '../xml.ts'
import { findUpload, partNumberOf, storePart, target, type PartRow } from './store.ts'

export const uploadPart: S3Handler = async (ctx, request) => {
  const partNumber = partNumberOf(request)
  const length = declaredLength(request)
  if (length === undefined) throw s3Errors.missingContentLength()
  const eTag = await storePart(ctx, request, partNumber, length, () => s3Body(request))
  request.res.writeHead(200, { ETag: eTag, 'Access-Control-Expose-Headers': 'etag', 'Content-Length': '0' })
  request.res.end()
}

/** x-amz-copy-source-range: `bytes=first-last`, both inside the source (storage-api's parseCopySourceRangeHeader). */
function copyRange(header: string | string[] | undefined, size: number): { start: number; end: number } {
  if (header === undefined) return { start: 0, end: size - 1 }
  const match = typeof header === 'string' ? /^bytes=(\d+)-(\d+)$/.exec(header) : null
  const start = Number(match?.[1])
  const end = Number(match?.[2])
  if (!match || !Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || end >= size) {
    throw errors.invalidRange()
  }
  return { start, end }
}

export const uploadPartCopy: S3Handler = async (ctx, request) => {
  const partNumber = partNumberOf(request)
  const headers = request.req.headers
  const from = copySource(headers['x-amz-copy-source'])
  mustBeValidBucketName(from.bucket)
  mustBeValidKey(from.key)
  // The source is read as the caller: RLS decides whether they may copy from it.
  const source = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, from.bucket, from.key))
  const file = ctx.disk.pathOf({ bucket: source.bucket_id, key: source.name, version: source.version ?? '' })
  if (!file) throw errors.noSuchKey()
  const size = Number((source.metadata ?? {}).size ?? 0)
  const { start, end } = copyRange(headers['x-amz-copy-source-range'], size)
  const eTag = await storePart(ctx, request, partNumber, end - start + 1, () => createReadStream(file, { start, end }))
  sendXml(request.res, 200, { CopyPartResult: { ETag: eTag, LastModified: new Date() } })
}

export const listParts: S3Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const upload = await findUpload(ctx, request)
  const q = request.query
  const maxParts = Math.min(Number(q.get('max-parts')) || 1000, 1000)
  const marker = Number(q.get('part-number-marker')) || 0
  const rows = await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.query<PartRow>(
      'select part_number, etag, size, created_at from storage.s3_multipart_uploads_parts ' +
        'where upload_id = $1 and part_number > $2 order by part_number limit $3',
      [upload.id, marker, maxParts + 1],
    ),
  )
  const truncated = rows.length > maxParts
  const page = rows.slice(0, maxParts)
  sendXml(request.res, 200, {
    ListPartsResult: {
      Bucket: bucket,
      Key: key,
      UploadId: upload.id,
      PartNumberMarker: q.get('part-number-marker') ?? undefined,
      NextPartNumberMarker: truncated ? page[page.length - 1]?.part_number : undefined,
      MaxParts: maxParts,
      IsTruncated: truncated,
      Part: page.map((part) => ({
        PartNumber: part.part_number,
        LastModified: part.created_at,
        ETag: part.etag,
        Size: Number(part.size),
      })),
    },
  })
}

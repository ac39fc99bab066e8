// Bucket commands of the S3 protocol, on the Storage service's own bucket operations (RLS on storage.buckets as the
// caller): ListBuckets, CreateBucket (public with `x-amz-acl: public-read`), DeleteBucket (204), HeadBucket, and the
// two read-only settings S3 clients ask for, location and versioning.
import { dropBucket, insertBucket } from '../buckets.ts'
import { scopeOf } from '../context.ts'
import { mustFindBucket } from '../objects/rows.ts'
import { mustBeValidBucketName } from '../validate.ts'
import { bucketOf, type S3Handler } from './context.ts'
import { s3Region } from './credentials.ts'
import { sendXml } from './xml.ts'

export const listBuckets: S3Handler = async (ctx, request) => {
  const rows = await ctx.db.run(scopeOf(request), (tx) =>
    tx.query<{ name: string; created_at: Date | null }>('select name, created_at from storage.buckets'),
  )
  sendXml(request.res, 200, {
    ListAllMyBucketsResult: {
      Buckets: { Bucket: rows.map((row) => ({ Name: row.name, CreationDate: row.created_at ?? undefined })) },
    },
  })
}

export const createBucket: S3Handler = async (ctx, request) => {
  const name = bucketOf(request)
  mustBeValidBucketName(name)
  const isPublic = request.req.headers['x-amz-acl'] === 'public-read'
  await insertBucket(ctx, request, { id: name, name, isPublic })
  request.res.writeHead(200, { Location: `/${name}`, 'Content-Length': '0' }).end()
}

export const deleteBucket: S3Handler = async (ctx, request) => {
  const name = bucketOf(request)
  mustBeValidBucketName(name)
  await dropBucket(ctx, request, name)
  request.res.writeHead(204).end()
}

export const headBucket: S3Handler = async (ctx, request) => {
  await ctx.db.run(scopeOf(request), (tx) => mustFindBucket(tx, bucketOf(request)))
  request.res.writeHead(200, { 'x-amz-bucket-region': s3Region, 'Content-Length': '0' }).end()
}

export const getBucketLocation: S3Handler = async (_ctx, request) =>
  sendXml(request.res, 200, { LocationConstraint: { '#text': s3Region } })

export const getBucketVersioning: S3Handler = async (_ctx, request) =>
  sendXml(request.res, 200, { VersioningConfiguration: { Status: 'Suspended', MfaDelete: 'Disabled' } })

// The S3 protocol at /storage/v1/s3 through @aws-sdk/client-s3, signed with the local project's S3 keys (the
// server): buckets, objects (ranges, metadata, copy, batch delete), listing with prefixes, delimiters and pages,
// multipart uploads, presigned URLs, and refusals as S3 XML with Supabase Storage's status codes.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { presign, s3Endpoint, serviceS3 } from '../testing/s3.ts'

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex')

/** The S3 error a command failed with: its HTTP status and code (the client parsed the XML). */
async function failure(promise: Promise<unknown>): Promise<{ status: number | undefined; code: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof S3ServiceException) return { status: error.$metadata.httpStatusCode, code: error.name }
    throw error
  }
  throw new Error('expected the command to fail')
}

describe.skipIf(!testDbUrl)('storage S3 protocol', () => {
  let h: Harness
  let s3: S3Client
  let bucket: string
  beforeAll(async () => {
    h = await startHarness()
    s3 = serviceS3(h)
    bucket = await h.bucket('s3')
  })
  afterAll(async () => {
    s3?.destroy()
    await h?.close()
  })

  it('creates, finds, lists and deletes buckets', async () => {
    const name = `${h.prefix}-made`
    const created = await s3.send(new CreateBucketCommand({ Bucket: name, ACL: 'public-read' }))
    expect(created.Location).toBe(`/${name}`)
    const { rows } = await h.sql.query('select public from storage.buckets where id = $1', [name])
    expect(rows).toEqual([{ public: true }])
    const head = await s3.send(new HeadBucketCommand({ Bucket: name }))
    expect(head.BucketRegion).toBe('local')
    const list = await s3.send(new ListBucketsCommand({}))
    expect(list.Buckets?.map((b) => b.Name)).toEqual(expect.arrayContaining([name, bucket]))
    expect(list.Buckets?.find((b) => b.Name === name)?.CreationDate).toBeInstanceOf(Date)
    expect(await failure(s3.send(new CreateBucketCommand({ Bucket: name })))).toEqual({
      status: 409,
      code: 'ResourceAlreadyExists',
    })
    await s3.send(new DeleteBucketCommand({ Bucket: name }))
    expect(await failure(s3.send(new HeadBucketCommand({ Bucket: name })))).toEqual({
      status: 404,
      code: 'NotFound',
    })
    expect(await failure(s3.send(new DeleteBucketCommand({ Bucket: name })))).toEqual({
      status: 404,
      code: 'NoSuchBucket',
    })
  })

  it('refuses to delete a bucket that still has objects', async () => {
    const name = `${h.prefix}-full`
    await s3.send(new CreateBucketCommand({ Bucket: name }))
    await s3.send(new PutObjectCommand({ Bucket: name, Key: 'a.txt', Body: 'a' }))
    expect(await failure(s3.send(new DeleteBucketCommand({ Bucket: name })))).toEqual({
      status: 409,
      code: 'ResourceNotEmpty',
    })
  })

  it('puts an object with type, cache-control and metadata, and gets and heads it back', async () => {
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'docs/hello world.txt',
        Body: 'hello from s3',
        ContentType: 'text/markdown',
        CacheControl: 'max-age=90',
        Metadata: { lang: 'en' },
      }),
    )
    expect(put.ETag).toBe(`"${md5('hello from s3')}"`)
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'docs/hello world.txt' }))
    expect(await got.Body!.transformToString()).toBe('hello from s3')
    expect(got).toMatchObject({
      ContentType: 'text/markdown',
      CacheControl: 'max-age=90',
      ContentLength: 13,
      ETag: put.ETag,
      Metadata: { lang: 'en' },
    })
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'docs/hello world.txt' }))
    expect(head).toMatchObject({ ContentType: 'text/markdown', ContentLength: 13, ETag: put.ETag })
    expect(head.Metadata).toEqual({ lang: 'en' })
    expect(head.LastModified).toBeInstanceOf(Date)
    // The same object through the REST API: one store behind both.
    const { data } = await h.service.storage.from(bucket).download('docs/hello world.txt')
    expect(await data!.text()).toBe('hello from s3')
  })

  it('replaces an object on a second put (S3 uploads always overwrite)', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'again.txt', Body: 'one' }))
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'again.txt', Body: 'two!' }))
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'again.txt' }))
    expect(await got.Body!.transformToString()).toBe('two!')
  })

  it('streams a body of unknown chunks (aws-chunked) into the object', async () => {
    const chunks = [Buffer.alloc(70_000, 'a'), Buffer.alloc(30_000, 'b')]
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'streamed.bin',
        Body: Readable.from(chunks),
        ContentLength: 100_000,
      }),
    )
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'streamed.bin' }))
    const bytes = Buffer.from(await got.Body!.transformToByteArray())
    expect(bytes.length).toBe(100_000)
    expect(md5(bytes)).toBe(md5(Buffer.concat(chunks)))
  })

  it('serves a byte range with 206 and Content-Range', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'digits.txt', Body: '0123456789' }))
    const part = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'digits.txt', Range: 'bytes=2-5' }))
    expect(part.$metadata.httpStatusCode).toBe(206)
    expect(part.ContentRange).toBe('bytes 2-5/10')
    expect(await part.Body!.transformToString()).toBe('2345')
    const tail = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'digits.txt', Range: 'bytes=-3' }))
    expect(await tail.Body!.transformToString()).toBe('789')
    expect(
      await failure(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'digits.txt', Range: 'bytes=20-' }))),
    ).toEqual({ status: 416, code: 'InvalidRange' })
  })

  it('answers 304 to a cache that has the object, and serves response-* overrides', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'cached.txt', Body: 'cache me', ContentType: 'text/plain' }),
    )
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cached.txt' }))
    const stale = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'cached.txt', IfNoneMatch: '"other"' }))
    expect(await stale.Body!.transformToString()).toBe('cache me')
    await expect(
      s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'cached.txt', IfNoneMatch: put.ETag })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } })
    const later = new Date(head.LastModified!.getTime() + 1000)
    await expect(
      s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'cached.txt', IfModifiedSince: later })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } })
    const earlier = new Date(head.LastModified!.getTime() - 60_000)
    const changed = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'cached.txt', IfModifiedSince: earlier }))
    expect(await changed.Body!.transformToString()).toBe('cache me')
    const expires = new Date('2030-01-01T00:00:00Z')
    const overridden = await s3.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: 'cached.txt',
        ResponseCacheControl: 'no-cache, no-store',
        ResponseContentDisposition: 'attachment; filename="cached.txt"',
        ResponseContentEncoding: 'identity',
        ResponseContentLanguage: 'en-US',
        ResponseContentType: 'application/octet-stream',
        ResponseExpires: expires,
      }),
    )
    expect(overridden).toMatchObject({
      CacheControl: 'no-cache, no-store',
      ContentDisposition: 'attachment; filename="cached.txt"',
      ContentEncoding: 'identity',
      ContentLanguage: 'en-US',
      ContentType: 'application/octet-stream',
      ExpiresString: expires.toUTCString(),
    })
    expect(await overridden.Body!.transformToString()).toBe('cache me')
    const tagging = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'cached.txt' }))
    expect(tagging.TagSet ?? []).toEqual([])
  })

  it("takes keys with S3's special characters and refuses the ones Storage does not allow", async () => {
    const key = "chars/test!$&'() *+,:;=@ing.bin"
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'special' }))
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    expect(await got.Body!.transformToString()).toBe('special')
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'chars/' }))
    expect(listed.Contents?.map((o) => o.Key)).toEqual([key])
    const bad = 'chars/test[]^|ing.bin'
    await expect(s3.send(new PutObjectCommand({ Bucket: bucket, Key: bad, Body: 'x' }))).rejects.toThrow(
      `Invalid key: ${bad}`,
    )
    expect((await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))).$metadata.httpStatusCode).toBe(204)
  })

  it('answers a missing object or bucket with S3 errors and their status', async () => {
    expect(await failure(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'nope.txt' })))).toEqual({
      status: 404,
      code: 'NoSuchKey',
    })
    expect(await failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'nope.txt' })))).toEqual({
      status: 404,
      code: 'NotFound',
    })
    expect(
      await failure(s3.send(new PutObjectCommand({ Bucket: `${h.prefix}-missing`, Key: 'a', Body: 'a' }))),
    ).toEqual({ status: 404, code: 'NoSuchBucket' })
    const res = await fetch(`${s3Endpoint(h)}/${bucket}/nope.txt`, {
      headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' },
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(await res.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Error xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Resource>${bucket}/nope.txt</Resource><Code>InvalidSignature</Code>` +
        '<Message>Invalid signature format</Message></Error>',
    )
  })

  it('deletes one object (204 even when it was not there) and a batch', async () => {
    for (const key of ['del/a.txt', 'del/b.txt', 'del/c.txt']) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }))
    }
    const one = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del/a.txt' }))
    expect(one.$metadata.httpStatusCode).toBe(204)
    const again = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del/a.txt' }))
    expect(again.$metadata.httpStatusCode).toBe(204)
    const batch = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'del/b.txt' }, { Key: 'del/c.txt' }, { Key: 'del/never.txt' }] },
      }),
    )
    expect(batch.Deleted?.map((d) => d.Key).sort()).toEqual(['del/b.txt', 'del/c.txt', 'del/never.txt'])
    expect(batch.Errors ?? []).toEqual([])
    const { rows } = await h.sql.query("select name from storage.objects where bucket_id = $1 and name like 'del/%'", [
      bucket,
    ])
    expect(rows).toEqual([])
  })

  it('copies an object, keeping its metadata or replacing it', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'copy/src.txt',
        Body: 'copied bytes',
        ContentType: 'text/plain',
        Metadata: { from: 'source' },
      }),
    )
    const copied = await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'copy/dst.txt', CopySource: `${bucket}/copy/src.txt` }),
    )
    expect(copied.CopyObjectResult?.ETag).toBe(`"${md5('copied bytes')}"`)
    const dst = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'copy/dst.txt' }))
    expect(await dst.Body!.transformToString()).toBe('copied bytes')
    expect(dst.Metadata).toEqual({ from: 'source' })
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'copy/replaced.txt',
        CopySource: `/${bucket}/copy/${encodeURIComponent('src.txt')}`,
        MetadataDirective: 'REPLACE',
        ContentType: 'text/csv',
        Metadata: { from: 'copy' },
      }),
    )
    const replaced = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copy/replaced.txt' }))
    expect(replaced).toMatchObject({ ContentType: 'text/csv', Metadata: { from: 'copy' } })
    expect(
      await failure(
        s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy/x.txt', CopySource: `${bucket}/copy/none` })),
      ),
    ).toEqual({ status: 404, code: 'NoSuchKey' })
  })

  it('lists with a prefix, a delimiter and pages of max-keys', async () => {
    const listed = await h.bucket('s3-list')
    for (const key of ['a/1.txt', 'a/2.txt', 'a/deep/3.txt', 'b/4.txt', 'top.txt']) {
      await s3.send(new PutObjectCommand({ Bucket: listed, Key: key, Body: key }))
    }
    const all = await s3.send(new ListObjectsV2Command({ Bucket: listed }))
    expect(all.Contents?.map((o) => o.Key)).toEqual(['a/1.txt', 'a/2.txt', 'a/deep/3.txt', 'b/4.txt', 'top.txt'])
    expect(all).toMatchObject({ KeyCount: 5, IsTruncated: false, MaxKeys: 1000, Name: listed })
    expect(all.Contents?.[0]).toMatchObject({ Size: 7, ETag: `"${md5('a/1.txt')}"`, StorageClass: 'STANDARD' })
    const folders = await s3.send(new ListObjectsV2Command({ Bucket: listed, Delimiter: '/' }))
    expect(folders.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['a/', 'b/'])
    expect(folders.Contents?.map((o) => o.Key)).toEqual(['top.txt'])
    const inA = await s3.send(new ListObjectsV2Command({ Bucket: listed, Prefix: 'a/', Delimiter: '/' }))
    expect(inA.Contents?.map((o) => o.Key)).toEqual(['a/1.txt', 'a/2.txt'])
    expect(inA.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['a/deep/'])
    const keys: string[] = []
    let token: string | undefined
    let pages = 0
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: listed, MaxKeys: 2, ContinuationToken: token }))
      keys.push(...(page.Contents ?? []).map((o) => o.Key!))
      token = page.NextContinuationToken
      expect(page.IsTruncated).toBe(token !== undefined)
      pages++
    } while (token)
    expect(pages).toBe(3)
    const folderPage = await s3.send(new ListObjectsV2Command({ Bucket: listed, Delimiter: '/', MaxKeys: 1 }))
    expect(folderPage).toMatchObject({ IsTruncated: true, KeyCount: 1, CommonPrefixes: [{ Prefix: 'a/' }] })
    const nextFolder = await s3.send(
      new ListObjectsV2Command({
        Bucket: listed,
        Delimiter: '/',
        MaxKeys: 1,
        ContinuationToken: folderPage.NextContinuationToken,
      }),
    )
    expect(nextFolder.CommonPrefixes).toEqual([{ Prefix: 'b/' }])
    const pastA = await s3.send(new ListObjectsV2Command({ Bucket: listed, Delimiter: '/', StartAfter: 'a/zzz' }))
    expect(pastA.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['b/'])
    expect(pastA.Contents?.map((o) => o.Key)).toEqual(['top.txt'])
    const v1 = await s3.send(new ListObjectsCommand({ Bucket: listed, Prefix: 'a/', Delimiter: '/' }))
    expect(v1.Contents?.map((o) => o.Key)).toEqual(['a/1.txt', 'a/2.txt'])
    expect(v1.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['a/deep/'])
    expect(keys).toEqual(['a/1.txt', 'a/2.txt', 'a/deep/3.txt', 'b/4.txt', 'top.txt'])
    expect(await failure(s3.send(new ListObjectsV2Command({ Bucket: `${h.prefix}-missing` })))).toEqual({
      status: 404,
      code: 'NoSuchBucket',
    })
  })

  it('uploads in two parts (the first 5 MiB), lists the parts and completes into one object', async () => {
    const first = Buffer.alloc(5 * 1024 * 1024, 'x')
    const second = Buffer.from('and the rest')
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'big/file.bin', ContentType: 'application/x-test' }),
    )
    const uploadId = created.UploadId!
    expect(created).toMatchObject({ Bucket: bucket, Key: 'big/file.bin', UploadId: expect.any(String) })
    const one = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId, PartNumber: 1, Body: first }),
    )
    const two = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId, PartNumber: 2, Body: second }),
    )
    expect(one.ETag).toBe(md5(first))
    const parts = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId }))
    expect(parts.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
      [1, md5(first), first.length],
      [2, md5(second), second.length],
    ])
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'big/file.bin',
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: one.ETag },
            { PartNumber: 2, ETag: two.ETag },
          ],
        },
      }),
    )
    const whole = Buffer.concat([first, second])
    expect(done).toMatchObject({ Bucket: bucket, Key: 'big/file.bin', ETag: `"${md5(whole)}"` })
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'big/file.bin' }))
    expect(got.ContentType).toBe('application/x-test')
    expect(md5(Buffer.from(await got.Body!.transformToByteArray()))).toBe(md5(whole))
    const { rows } = await h.sql.query('select 1 from storage.s3_multipart_uploads where id = $1', [uploadId])
    expect(rows).toEqual([])
    expect(
      await failure(s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId }))),
    ).toEqual({ status: 404, code: 'NoSuchUpload' })
  })

  it('refuses a completion whose part ETag does not match, and aborts an upload', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'aborted.bin' }))
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'aborted.bin', UploadId, PartNumber: 1, Body: 'part' }))
    expect(
      await failure(
        s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: 'aborted.bin',
            UploadId,
            MultipartUpload: { Parts: [{ PartNumber: 1, ETag: 'not-the-etag' }] },
          }),
        ),
      ),
    ).toEqual({ status: 400, code: 'InvalidChecksum' })
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'aborted.bin', UploadId }))
    const { rows } = await h.sql.query('select 1 from storage.s3_multipart_uploads where id = $1', [UploadId])
    expect(rows).toEqual([])
    expect(await failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'aborted.bin' })))).toEqual({
      status: 404,
      code: 'NotFound',
    })
    expect(h.tmpFiles()).toEqual([])
  })

  it('builds parts by copying from objects (whole or a byte range)', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'mp/source.txt', Body: 'abcdefghij' }))
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'mp/copied.txt' }))
    const source = `${bucket}/mp/source.txt`
    const first = await s3.send(
      new UploadPartCopyCommand({
        Bucket: bucket,
        Key: 'mp/copied.txt',
        UploadId,
        PartNumber: 1,
        CopySource: source,
        CopySourceRange: 'bytes=2-4',
      }),
    )
    expect(first.CopyPartResult?.ETag).toBe(md5('cde'))
    const second = await s3.send(
      new UploadPartCopyCommand({ Bucket: bucket, Key: 'mp/copied.txt', UploadId, PartNumber: 2, CopySource: source }),
    )
    expect(
      await failure(
        s3.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: 'mp/copied.txt',
            UploadId,
            PartNumber: 3,
            CopySource: source,
            CopySourceRange: 'bytes=5-10',
          }),
        ),
      ),
    ).toEqual({ status: 400, code: 'InvalidRange' })
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'mp/copied.txt',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: first.CopyPartResult?.ETag },
            { PartNumber: 2, ETag: second.CopyPartResult?.ETag },
          ],
        },
      }),
    )
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'mp/copied.txt' }))
    expect(await got.Body!.transformToString()).toBe('cdeabcdefghij')
  })

  it('lists the multipart uploads in progress, in key order and in pages', async () => {
    const listed = await h.bucket('s3-uploads')
    const a = await s3.send(new CreateMultipartUploadCommand({ Bucket: listed, Key: 'up/a.bin' }))
    const b = await s3.send(new CreateMultipartUploadCommand({ Bucket: listed, Key: 'up/b.bin' }))
    const all = await s3.send(new ListMultipartUploadsCommand({ Bucket: listed }))
    expect(all.Uploads?.map((u) => [u.Key, u.UploadId])).toEqual([
      ['up/a.bin', a.UploadId],
      ['up/b.bin', b.UploadId],
    ])
    expect(all.IsTruncated).toBe(false)
    const first = await s3.send(new ListMultipartUploadsCommand({ Bucket: listed, MaxUploads: 1 }))
    expect(first).toMatchObject({ IsTruncated: true, Uploads: [{ Key: 'up/a.bin' }] })
    expect(first.NextKeyMarker).toEqual(expect.any(String))
    const second = await s3.send(
      new ListMultipartUploadsCommand({ Bucket: listed, MaxUploads: 1, KeyMarker: first.NextKeyMarker }),
    )
    expect(second).toMatchObject({ IsTruncated: false, KeyMarker: first.NextKeyMarker, Uploads: [{ Key: 'up/b.bin' }] })
    const folded = await s3.send(new ListMultipartUploadsCommand({ Bucket: listed, Delimiter: '/' }))
    expect(folded.CommonPrefixes).toEqual([{ Prefix: 'up/' }])
    for (const upload of [a, b]) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket: listed, Key: upload.Key, UploadId: upload.UploadId }))
    }
    expect((await s3.send(new ListMultipartUploadsCommand({ Bucket: listed }))).Uploads ?? []).toEqual([])
  })

  it("holds uploads and parts to the bucket's size limit and types", async () => {
    const small = await h.bucket('s3-small', { fileSizeLimit: 16, allowedMimeTypes: ['text/plain'] })
    const tooBig = 'x'.repeat(17)
    expect(
      await failure(
        s3.send(new PutObjectCommand({ Bucket: small, Key: 'big.txt', Body: tooBig, ContentType: 'text/plain' })),
      ),
    ).toEqual({ status: 413, code: 'EntityTooLarge' })
    expect(
      await failure(
        s3.send(new PutObjectCommand({ Bucket: small, Key: 'a.png', Body: 'png', ContentType: 'image/png' })),
      ),
    ).toEqual({ status: 415, code: 'InvalidMimeType' })
    expect(
      await failure(
        s3.send(new CreateMultipartUploadCommand({ Bucket: small, Key: 'a.png', ContentType: 'image/png' })),
      ),
    ).toEqual({ status: 415, code: 'InvalidMimeType' })
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: small, Key: 'parts.txt', ContentType: 'text/plain' }),
    )
    await s3.send(
      new UploadPartCommand({ Bucket: small, Key: 'parts.txt', UploadId, PartNumber: 1, Body: 'x'.repeat(10) }),
    )
    expect(
      await failure(
        s3.send(
          new UploadPartCommand({ Bucket: small, Key: 'parts.txt', UploadId, PartNumber: 2, Body: 'x'.repeat(10) }),
        ),
      ),
    ).toEqual({ status: 413, code: 'EntityTooLarge' })
    await s3.send(new AbortMultipartUploadCommand({ Bucket: small, Key: 'parts.txt', UploadId }))
    expect(h.tmpFiles()).toEqual([])
  })

  it('refuses a request signed with the wrong secret, and one with no signature', async () => {
    const wrong = serviceS3(h, 'not-the-secret')
    expect(await failure(wrong.send(new ListBucketsCommand({})))).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
    expect(
      await failure(wrong.send(new PutObjectCommand({ Bucket: bucket, Key: 'forged.txt', Body: 'forged' }))),
    ).toEqual({ status: 403, code: 'SignatureDoesNotMatch' })
    wrong.destroy()
    const { rows } = await h.sql.query("select 1 from storage.objects where bucket_id = $1 and name = 'forged.txt'", [
      bucket,
    ])
    expect(rows).toEqual([])
    const bare = await fetch(`${s3Endpoint(h)}/`)
    expect(bare.status).toBe(403)
    expect(await bare.text()).toContain('<Code>AccessDenied</Code><Message>Missing signature</Message>')
  })

  it('serves presigned URLs for GET and PUT, and refuses one signed with another secret', async () => {
    const put = await fetch(await presign(h, 'PUT', `/${bucket}/presigned.txt`), {
      method: 'PUT',
      body: 'sent with a presigned URL',
    })
    expect(put.status).toBe(200)
    const get = await fetch(await presign(h, 'GET', `/${bucket}/presigned.txt`))
    expect(get.status).toBe(200)
    expect(await get.text()).toBe('sent with a presigned URL')
    const forged = await fetch(await presign(h, 'GET', `/${bucket}/presigned.txt`, 60, 'not-the-secret'))
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
    const twoMinutesAgo = new Date(Date.now() - 120_000)
    const expired = await fetch(await presign(h, 'GET', `/${bucket}/presigned.txt`, 60, undefined, twoMinutesAgo))
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain('<Code>ExpiredToken</Code>')
  })
})

describe.skipIf(!testDbUrl)('storage S3 protocol switched off', () => {
  it('is not served when [storage.s3_protocol] enabled = false', async () => {
    const h = await startHarness({ s3Protocol: false })
    try {
      const res = await fetch(`${s3Endpoint(h)}/`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Route GET:/s3/ not found', error: 'Not Found', statusCode: 404 })
    } finally {
      await h.close()
    }
  })
})

// The S3 protocol for a user's session (their JWT as the session token, signed with access key `stub` and the anon
// key): every command runs as that user under the same RLS as the REST API, on a bucket whose policies give each
// user their own folder. Allowed and denied for reads, writes, lists, deletes and multipart uploads.
import {
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey } from '../../keys/index.ts'
import { s3Region } from '../s3/credentials.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { s3Endpoint, userS3 } from '../testing/s3.ts'

const ownerId = '0b0e5e1a-1111-4a11-8a11-0000000000a1'
const otherId = '0b0e5e1a-2222-4a22-8a22-0000000000a2'

async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number | undefined; code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof S3ServiceException) {
      return { status: error.$metadata.httpStatusCode, code: error.name, message: error.message }
    }
    throw error
  }
  throw new Error('expected the command to fail')
}

describe.skipIf(!testDbUrl)('storage S3 protocol under RLS', () => {
  let h: Harness
  let bucket: string
  let owner: S3Client
  let other: S3Client
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('s3rls')
    const mine = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`
    await h.policy('objects', `for select to authenticated using (${mine})`)
    await h.policy('objects', `for insert to authenticated with check (${mine})`)
    await h.policy('objects', `for update to authenticated using (${mine}) with check (${mine})`)
    await h.policy('objects', `for delete to authenticated using (${mine})`)
    owner = userS3(h, ownerId)
    other = userS3(h, otherId)
  })
  afterAll(async () => {
    owner?.destroy()
    other?.destroy()
    await h?.close()
  })

  it('lets a user write, read and list in their own folder, recorded as theirs', async () => {
    await owner.send(new PutObjectCommand({ Bucket: bucket, Key: `${ownerId}/note.txt`, Body: 'mine' }))
    const got = await owner.send(new GetObjectCommand({ Bucket: bucket, Key: `${ownerId}/note.txt` }))
    expect(await got.Body!.transformToString()).toBe('mine')
    const { rows } = await h.sql.query('select owner_id from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      `${ownerId}/note.txt`,
    ])
    expect(rows).toEqual([{ owner_id: ownerId }])
    const list = await owner.send(new ListObjectsV2Command({ Bucket: bucket }))
    expect(list.Contents?.map((o) => o.Key)).toEqual([`${ownerId}/note.txt`])
  })

  it("keeps another user out of the owner's folder: reads, lists, writes and deletes", async () => {
    await owner.send(new PutObjectCommand({ Bucket: bucket, Key: `${ownerId}/private.txt`, Body: 'secret' }))
    expect(await failure(other.send(new GetObjectCommand({ Bucket: bucket, Key: `${ownerId}/private.txt` })))).toEqual({
      status: 404,
      code: 'NoSuchKey',
      message: 'Object not found',
    })
    const list = await other.send(new ListObjectsV2Command({ Bucket: bucket }))
    expect(list.Contents ?? []).toEqual([])
    expect(
      await failure(other.send(new PutObjectCommand({ Bucket: bucket, Key: `${ownerId}/planted.txt`, Body: 'x' }))),
    ).toEqual({ status: 403, code: 'AccessDenied', message: 'new row violates row-level security policy' })
    expect(
      await failure(other.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${ownerId}/private.txt` }))),
    ).toMatchObject({ status: 403, code: 'AccessDenied' })
    const { rows } = await h.sql.query('select name from storage.objects where bucket_id = $1 order by name', [bucket])
    expect(rows.map((r: { name: string }) => r.name)).not.toContain(`${ownerId}/planted.txt`)
    expect(rows.map((r: { name: string }) => r.name)).toContain(`${ownerId}/private.txt`)
    const batch = await other.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: `${ownerId}/private.txt` }, { Key: `${otherId}/never.txt` }] },
      }),
    )
    expect(batch.Deleted).toEqual([{ Key: `${otherId}/never.txt` }])
    expect(batch.Errors).toEqual([{ Key: `${ownerId}/private.txt`, Code: 'AccessDenied', Message: 'Access Denied' }])
    // Their own folder is theirs.
    await other.send(new PutObjectCommand({ Bucket: bucket, Key: `${otherId}/own.txt`, Body: 'theirs' }))
    await other.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${otherId}/own.txt` }))
  })

  it('checks RLS before a multipart upload starts', async () => {
    const mine = await owner.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: `${ownerId}/parts.bin` }))
    expect(mine.UploadId).toEqual(expect.any(String))
    expect(
      await failure(other.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: `${ownerId}/parts.bin` }))),
    ).toMatchObject({ status: 403, code: 'AccessDenied' })
  })

  it('refuses a session whose token is not a valid JWT, or signed with the wrong access key', async () => {
    const forged = new S3Client({
      endpoint: s3Endpoint(h),
      region: s3Region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'stub', secretAccessKey: anonKey, sessionToken: 'not.a.jwt' },
    })
    expect(await failure(forged.send(new ListObjectsV2Command({ Bucket: bucket })))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    })
    forged.destroy()
    const wrongKey = new S3Client({
      endpoint: s3Endpoint(h),
      region: s3Region,
      forcePathStyle: true,
      credentials: {
        accessKeyId: 'my-project-ref',
        secretAccessKey: anonKey,
        sessionToken: h.token({ sub: ownerId, role: 'authenticated' }),
      },
    })
    expect(await failure(wrongKey.send(new ListObjectsV2Command({ Bucket: bucket })))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid Access Key',
    })
    wrongKey.destroy()
    // A user's token signed with the anon key but without the session token: the server's key does not match.
    const noSession = new S3Client({
      endpoint: s3Endpoint(h),
      region: s3Region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'stub', secretAccessKey: anonKey },
    })
    expect(await failure(noSession.send(new ListObjectsV2Command({ Bucket: bucket })))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid Access Key',
    })
    noSession.destroy()
  })
})

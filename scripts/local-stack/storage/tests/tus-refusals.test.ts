// What a resumable upload may not do, answered as storage-api answers through tus (the status, then the message as
// text): a bucket that does not exist, a type or size the bucket refuses, a path RLS refuses at creation, a type RLS
// refuses once the object's metadata is known at completion, and someone else's upload URL. None of them leaves a
// row, an object file, an upload or a temporary file behind.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { createUpload, patchUpload, refusal, tusHeaders, tusUpload, uploadOffset } from '../testing/tus.ts'

const alice = '0b0e5e1a-5555-4a55-8a55-000000000005'
const bob = '0b0e5e1a-6666-4a66-8a66-000000000006'

describe.skipIf(!testDbUrl)('TUS refusals', () => {
  let h: Harness
  let media: string
  let open: string
  let alices: string
  beforeAll(async () => {
    h = await startHarness()
    media = await h.bucket('media', { fileSizeLimit: 1024 * 1024, allowedMimeTypes: ['video/mp4'] })
    open = await h.bucket('open')
    const own = `(storage.foldername(name))[1] = (select auth.uid()::text)`
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${media}' and ${own})`)
    // Any name, but only video: the probe at creation carries no type, so only completion can apply this.
    await h.policy(
      'objects',
      `for insert to authenticated with check (bucket_id = '${open}' and coalesce(metadata->>'mimetype' like 'video/%', true))`,
    )
    alices = h.token({ sub: alice, role: 'authenticated' })
  })
  afterAll(async () => {
    await h?.close()
  })

  const nothingLeft = async (bucket: string) => {
    const rows = await h.sql.query('select name from storage.objects where bucket_id = $1', [bucket])
    expect(rows.rows).toEqual([])
    expect(h.objectFiles()).toEqual([])
    expect(h.resumableFiles()).toEqual([])
    expect(h.tmpFiles()).toEqual([])
  }

  const refused = async (target: Parameters<typeof tusUpload>[3], data = randomBytes(2048)) =>
    refusal(
      await tusUpload(h, alices, data, target).done.then(
        () => new Error('the upload was accepted'),
        (e) => e,
      ),
    )

  it('answers 404 for a bucket that does not exist', async () => {
    expect(await refused({ bucket: `${h.prefix}-missing`, name: `${alice}/a.mp4`, contentType: 'video/mp4' })).toEqual({
      status: 404,
      body: 'Bucket not found',
    })
    await nothingLeft(media)
  })

  it('answers 415 for a type the bucket does not allow', async () => {
    expect(await refused({ bucket: media, name: `${alice}/a.txt`, contentType: 'text/plain' })).toEqual({
      status: 415,
      body: 'mime type text/plain is not supported',
    })
    await nothingLeft(media)
  })

  it("answers 413 when Upload-Length is over the bucket's limit", async () => {
    const data = randomBytes(1024 * 1024 + 1)
    expect(await refused({ bucket: media, name: `${alice}/big.mp4`, contentType: 'video/mp4' }, data)).toEqual({
      status: 413,
      body: 'Maximum size exceeded\n',
    })
    await nothingLeft(media)
  })

  it('answers 403 for a path the insert policy refuses, before anything is stored', async () => {
    expect(await refused({ bucket: media, name: `${bob}/a.mp4`, contentType: 'video/mp4' })).toEqual({
      status: 403,
      body: 'new row violates row-level security policy',
    })
    await nothingLeft(media)
  })

  it('checks RLS again at completion, with the type known, and keeps nothing it refused', async () => {
    expect(await refused({ bucket: open, name: 'notes.txt', contentType: 'text/plain' })).toEqual({
      status: 403,
      body: 'new row violates row-level security policy',
    })
    await nothingLeft(open)
    await tusUpload(h, alices, randomBytes(2048), { bucket: open, name: 'clip.mp4', contentType: 'video/mp4' }).done
    const rows = await h.sql.query('select name from storage.objects where bucket_id = $1', [open])
    expect(rows.rows).toEqual([{ name: 'clip.mp4' }])
    expect((await h.service.storage.from(open).remove(['clip.mp4'])).error).toBeNull()
  })

  it("refuses to append to someone else's upload under RLS", async () => {
    const created = await createUpload(h, alices, 4, {
      bucket: media,
      name: `${alice}/mine.mp4`,
      contentType: 'video/mp4',
    })
    expect(created.status).toBe(201)
    const url = created.headers.get('location')!
    const bobs = h.token({ sub: bob, role: 'authenticated' })
    const res = await patchUpload(url, bobs, 0, Buffer.from('evil'))
    expect({ status: res.status, body: await res.text() }).toEqual({
      status: 403,
      body: 'new row violates row-level security policy',
    })
    expect(await uploadOffset(url, alices)).toBe(0)
    const terminate = await fetch(url, { method: 'DELETE', headers: tusHeaders(bobs) })
    expect(terminate.status).toBe(403)
    expect((await fetch(url, { method: 'DELETE', headers: tusHeaders(alices) })).status).toBe(204)
    await nothingLeft(media)
  })

  it('needs a JWT to create, and none to discover the server', async () => {
    const anonymous = await fetch(`${h.storageUrl}/upload/resumable`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' },
    })
    expect(anonymous.status).toBe(400)
    expect(await anonymous.json()).toMatchObject({ statusCode: '403', message: 'Invalid Compact JWS' })
    const options = await fetch(`${h.storageUrl}/upload/resumable`, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('tus-version')).toBe('1.0.0')
    expect(options.headers.get('tus-extension')).toBe(
      'creation,creation-with-upload,creation-defer-length,termination,expiration',
    )
    expect(options.headers.get('tus-max-size')).toBe(String(50 * 1024 * 1024))
  })

  it('answers 404 for an upload URL it never issued', async () => {
    const forged = Buffer.from(`${media}/${alice}/x.mp4/not-a-version`).toString('base64url')
    expect(await uploadOffset(`${h.storageUrl}/upload/resumable/${forged}`, alices)).toBe(404)
    expect(await uploadOffset(`${h.storageUrl}/upload/resumable/bm90LWFuLWlk`, alices)).toBe(404)
  })
})

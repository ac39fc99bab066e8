// Resumable uploads through tus-js-client, configured as Supabase's docs configure it: 6 MiB chunks, creation with
// upload, Upload-Metadata naming the bucket and object. A finished upload is an ordinary object (downloadable, its
// row carrying size, type, cache-control, ETag, user metadata and owner) and leaves nothing behind; the upload URL
// has Storage's shape; an interrupted upload resumes from the offset the server kept.
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { chunkSize, createUpload, tusHeaders, tusUpload, uploadOffset } from '../testing/tus.ts'

const owner = '0b0e5e1a-4444-4a44-8a44-000000000004'

describe.skipIf(!testDbUrl)('TUS resumable uploads', () => {
  let h: Harness
  let media: string
  let token: string
  const data = randomBytes(2 * chunkSize + 1234)
  beforeAll(async () => {
    h = await startHarness()
    media = await h.bucket('media', { allowedMimeTypes: ['video/*'] })
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${media}')`)
    await h.policy('objects', `for select to authenticated using (bucket_id = '${media}')`)
    token = h.token({ sub: owner, role: 'authenticated' })
  })
  afterAll(async () => {
    await h?.close()
  })

  const row = async (name: string) =>
    (
      await h.sql.query(
        'select owner_id, version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
        [media, name],
      )
    ).rows[0] as { owner_id: string; version: string; metadata: Record<string, unknown>; user_metadata: unknown }

  it('uploads in 6 MiB PATCHes and the result is an object like any other', async () => {
    const patches: number[] = []
    const { done } = tusUpload(
      h,
      token,
      data,
      {
        bucket: media,
        name: 'course/intro.mp4',
        contentType: 'video/mp4',
        cacheControl: '3600',
        userMetadata: { lesson: 'intro' },
      },
      {
        uploadDataDuringCreation: false,
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'PATCH') patches.push(res.getStatus())
        },
      },
    )
    await done
    expect(patches).toEqual([204, 204, 204])
    const stored = await row('course/intro.mp4')
    expect(stored).toMatchObject({
      owner_id: owner,
      metadata: {
        size: data.length,
        contentLength: data.length,
        mimetype: 'video/mp4',
        cacheControl: 'max-age=3600',
        eTag: `"${createHash('md5').update(data).digest('hex')}"`,
        httpStatusCode: 200,
      },
      user_metadata: { lesson: 'intro' },
    })
    const { data: blob, error } = await h.user(owner).storage.from(media).download('course/intro.mp4')
    expect(error).toBeNull()
    expect(blob!.type).toBe('video/mp4')
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
    expect(h.resumableFiles()).toEqual([])
    expect(h.tmpFiles()).toEqual([])
  })

  it('names the upload in its URL as Storage does (base64url of bucket/object/version) and terminates it on DELETE', async () => {
    const res = await createUpload(h, token, 10, { bucket: media, name: 'course/url.mp4', contentType: 'video/mp4' })
    expect(res.status).toBe(201)
    const location = res.headers.get('location')!
    expect(location.startsWith(`${h.storageUrl}/upload/resumable/`)).toBe(true)
    const decoded = Buffer.from(location.split('/').pop()!, 'base64url').toString()
    expect(decoded).toMatch(new RegExp(`^${media}/course/url\\.mp4/[0-9a-f-]{36}$`))
    expect(res.headers.get('tus-resumable')).toBe('1.0.0')
    expect(new Date(res.headers.get('upload-expires')!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    expect(await uploadOffset(location, token)).toBe(0)
    expect(await row('course/url.mp4')).toBeUndefined()
    expect(h.resumableFiles()).toHaveLength(2) // the bytes and their info
    // Terminated, it is gone: no bytes, no info, no row, and its URL answers 404.
    const terminated = await fetch(location, { method: 'DELETE', headers: tusHeaders(token) })
    expect(terminated.status).toBe(204)
    expect(await uploadOffset(location, token)).toBe(404)
    expect(h.resumableFiles()).toEqual([])
    expect(await row('course/url.mp4')).toBeUndefined()
  })

  it('resumes after a cut from the offset the server kept, and finishes the same object', async () => {
    let cut = false
    const first = tusUpload(
      h,
      token,
      data,
      { bucket: media, name: 'course/resumed.mp4', contentType: 'video/mp4' },
      {
        onChunkComplete: () => {
          if (cut) return
          cut = true
          void first.upload.abort()
        },
      },
    )
    await expect.poll(() => cut).toBe(true)
    const url = first.upload.url!
    const kept = await uploadOffset(url, token)
    expect(kept).toBe(chunkSize)
    expect(await row('course/resumed.mp4')).toBeUndefined()

    const sent: number[] = []
    const second = tusUpload(
      h,
      token,
      data,
      { bucket: media, name: 'course/resumed.mp4', contentType: 'video/mp4' },
      {
        uploadUrl: url,
        onAfterResponse: (req) => {
          if (req.getMethod() === 'PATCH') sent.push(Number(req.getHeader('Upload-Offset')))
        },
      },
    )
    await second.done
    expect(sent[0]).toBe(chunkSize)
    const { data: blob } = await h.user(owner).storage.from(media).download('course/resumed.mp4')
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
    expect(h.resumableFiles()).toEqual([])
  })
})

// Copy and move across buckets as storage-api runs them: RLS on both ends decides (SELECT on the source; INSERT at
// the destination for a copy, INSERT and UPDATE for an upserting copy, UPDATE into the destination for a move), the
// row the destination policies judge carries the object's metadata, and the destination bucket's size and type
// limits apply to uploaded bytes only. The attack: a learner copying a private video into a public images bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const learner = '0b0e5e1a-3333-4a33-8a33-000000000003'

describe.skipIf(!testDbUrl)('storage copy and move across buckets', () => {
  let h: Harness
  let media: string
  let avatars: string
  let open: string
  const denied = {
    status: 400,
    statusCode: '403',
    code: 'AccessDenied',
    message: 'new row violates row-level security policy',
  }
  beforeAll(async () => {
    h = await startHarness()
    media = await h.bucket('media', { allowedMimeTypes: ['video/webm'] })
    avatars = await h.bucket('avatars', {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['image/png', 'image/jpeg'],
    })
    // A bucket whose policies let the learner write anything in their folder: storage-api's bucket limits are all
    // that could stop a copy there, and they do not.
    open = await h.bucket('open', { public: true, fileSizeLimit: 1024, allowedMimeTypes: ['image/png'] })
    const own = `(storage.foldername(name))[1] = (select auth.uid()::text)`
    const image = `(metadata->>'mimetype') like 'image/%'`
    await h.policy('objects', `for select to authenticated using (bucket_id = '${media}')`)
    await h.policy(
      'objects',
      `for update to authenticated using (bucket_id = '${media}') with check (bucket_id = '${media}')`,
    )
    await h.policy('objects', `for select to authenticated using (bucket_id in ('${avatars}', '${open}'))`)
    await h.policy(
      'objects',
      `for insert to authenticated with check (bucket_id = '${avatars}' and ${own} and ${image})`,
    )
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${open}' and ${own})`)
    const video = new Blob([Buffer.alloc(4096, 1)], { type: 'video/webm' })
    for (const name of ['course/lesson/video.webm', 'course/lesson/other.webm']) {
      expect((await h.service.storage.from(media).upload(name, video)).error).toBeNull()
    }
    const png = new Blob([Buffer.from('png')], { type: 'image/png' })
    expect((await h.service.storage.from(avatars).upload(`${learner}/me.png`, png)).error).toBeNull()
  })
  afterAll(async () => {
    await h?.close()
  })

  const rows = async (bucket: string, name: string) =>
    (await h.sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rowCount

  it('refuses copying a private video into an images-only public bucket through its insert policy', async () => {
    const files = h.user(learner).storage.from(media)
    const { error } = await files.copy('course/lesson/video.webm', `${learner}/copied.webm`, {
      destinationBucket: avatars,
    })
    expect(error).toMatchObject(denied)
    expect(await rows(avatars, `${learner}/copied.webm`)).toBe(0)
    const download = await fetch(h.anon.storage.from(avatars).getPublicUrl(`${learner}/copied.webm`).data.publicUrl)
    expect(download.status).toBe(400)
    expect(h.objectFiles()).toHaveLength(3)
  })

  it('refuses moving it there the same way, keeping the source', async () => {
    const { error } = await h
      .user(learner)
      .storage.from(media)
      .move('course/lesson/other.webm', `${learner}/moved.webm`, { destinationBucket: avatars })
    // A move is an UPDATE of the source row: the media bucket's update policy lets rows change only within that
    // bucket, so its WITH CHECK refuses the row renamed into avatars (avatars' insert policy is not asked).
    expect(error).toMatchObject(denied)
    expect(await rows(media, 'course/lesson/other.webm')).toBe(1)
    expect(await rows(avatars, `${learner}/moved.webm`)).toBe(0)
  })

  it('needs SELECT on the source', async () => {
    const stranger = h.user('0b0e5e1a-4444-4a44-8a44-000000000004').storage.from(avatars)
    const { error } = await stranger.copy(`${learner}/me.png`, 'x/me.png')
    expect(error).toMatchObject(denied) // the avatar is readable; the stranger's insert is not allowed
    const hidden = await h.user(learner).storage.from(media).copy('nope.webm', `${learner}/nope.webm`, {
      destinationBucket: avatars,
    })
    expect(hidden.error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchKey' })
  })

  it('needs UPDATE at the destination for an upserting copy over an existing object', async () => {
    const files = h.user(learner).storage.from(avatars)
    expect((await files.copy(`${learner}/me.png`, `${learner}/again.png`)).error).toBeNull()
    // x-upsert: INSERT ... ON CONFLICT DO UPDATE, and no update policy on this bucket.
    const response = await fetch(`${h.storageUrl}/object/copy`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${h.token({ sub: learner, role: 'authenticated' })}`,
        'Content-Type': 'application/json',
        'x-upsert': 'true',
      },
      body: JSON.stringify({
        bucketId: avatars,
        sourceKey: `${learner}/me.png`,
        destinationKey: `${learner}/again.png`,
      }),
    })
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
  })

  it('does not apply the destination bucket limits to a copy, as storage-api does not', async () => {
    const { error } = await h
      .user(learner)
      .storage.from(media)
      .copy('course/lesson/video.webm', `${learner}/clip.webm`, { destinationBucket: open })
    expect(error).toBeNull()
    const { data } = await h.service.storage.from(open).info(`${learner}/clip.webm`)
    expect(data).toMatchObject({ contentType: 'video/webm', size: 4096 })
  })

  it('takes the file metadata from the body and the user metadata from x-metadata when copyMetadata is false', async () => {
    const files = h.service.storage.from(media)
    expect(
      (await files.upload('meta/src.webm', new Blob(['v'], { type: 'video/webm' }), { metadata: { a: 1 } })).error,
    ).toBeNull()
    const response = await fetch(`${h.storageUrl}/object/copy`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${h.token({ role: 'service_role' })}`,
        'Content-Type': 'application/json',
        'x-metadata': Buffer.from(JSON.stringify({ b: 2 })).toString('base64'),
      },
      body: JSON.stringify({
        bucketId: media,
        sourceKey: 'meta/src.webm',
        destinationKey: 'meta/dst.webm',
        copyMetadata: false,
        metadata: { cacheControl: 'max-age=60', mimetype: 'video/ogg' },
      }),
    })
    expect(response.status).toBe(200)
    const { data } = await files.info('meta/dst.webm')
    expect(data).toMatchObject({ contentType: 'video/ogg', cacheControl: 'max-age=60', metadata: { b: 2 }, size: 1 })
    const kept = await files.copy('meta/src.webm', 'meta/kept.webm')
    expect(kept.error).toBeNull()
    expect((await files.info('meta/kept.webm')).data).toMatchObject({ contentType: 'video/webm', metadata: { a: 1 } })
  })
})

// Two writers at once, as Supabase documents it for resumable uploads: on one upload URL the newer request stops the
// older one and then finds the offset moved (409), so bytes never interleave; on one path through two uploads the
// first to finish wins and the other gets 409, unless x-upsert, where the last to finish wins; over an existing
// object an upload needs x-upsert and the UPDATE policy, and replacing it removes the old version's file.
import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { createUpload, patchUpload, refusal, tusUpload, uploadOffset } from '../testing/tus.ts'

const owner = '0b0e5e1a-7777-4a77-8a77-000000000007'
const mib = 1024 * 1024

describe.skipIf(!testDbUrl)('TUS concurrency and upsert', () => {
  let h: Harness
  let media: string
  let token: string
  beforeAll(async () => {
    h = await startHarness()
    media = await h.bucket('media')
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${media}')`)
    await h.policy('objects', `for select to authenticated using (bucket_id = '${media}')`)
    await h.policy(
      'objects',
      `for update to authenticated using (bucket_id = '${media}' and name like 'replaceable/%') with check (true)`,
    )
    token = h.token({ sub: owner, role: 'authenticated' })
  })
  afterAll(async () => {
    await h?.close()
  })

  const download = async (name: string) => {
    const { data, error } = await h.service.storage.from(media).download(name)
    if (error) throw error
    return Buffer.from(await data.arrayBuffer())
  }
  const create = async (name: string, length: number, upsert = false) => {
    const res = await createUpload(h, token, length, { bucket: media, name, contentType: 'video/mp4', upsert })
    expect(res.status).toBe(201)
    return res.headers.get('location')!
  }
  const bytesOnDisk = () => {
    const file = h.resumableFiles().find((f) => !f.endsWith('.json'))
    return file ? statSync(file).size : 0
  }

  it('stops the older PATCH when a newer one arrives, and refuses the newer at the moved offset', async () => {
    const data = randomBytes(4 * mib)
    const url = await create('concurrent.mp4', data.length)
    let older!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        older = controller
        controller.enqueue(data.subarray(0, mib))
      },
    })
    const first = patchUpload(url, token, 0, body).then(
      (res) => res.status,
      () => 'cut',
    )
    await expect.poll(bytesOnDisk).toBe(mib)
    const second = await patchUpload(url, token, 0, data)
    expect({ status: second.status, body: await second.text() }).toEqual({
      status: 409,
      body: 'Upload-Offset conflict\n',
    })
    expect(await first).not.toBe(409)
    try {
      older.close()
    } catch {
      // the server already ended that request
    }
    expect(await uploadOffset(url, token)).toBe(mib)
    const rest = await patchUpload(url, token, mib, data.subarray(mib))
    expect(rest.status).toBe(204)
    expect((await download('concurrent.mp4')).equals(data)).toBe(true)
  })

  it('lets the first of two uploads to one path win, and refuses the second with 409', async () => {
    const [one, two] = [randomBytes(1000), randomBytes(1000)]
    const first = await create('race.mp4', 1000)
    const second = await create('race.mp4', 1000)
    expect((await patchUpload(second, token, 0, two)).status).toBe(204)
    const late = await patchUpload(first, token, 0, one)
    expect({ status: late.status, body: await late.text() }).toEqual({
      status: 409,
      body: 'The resource already exists',
    })
    expect((await download('race.mp4')).equals(two)).toBe(true)
  })

  it('with x-upsert lets the last to finish win and removes the replaced version', async () => {
    const before = h.objectFiles().length
    const [one, two] = [randomBytes(1000), randomBytes(1000)]
    const first = await create('replaceable/race.mp4', 1000, true)
    const second = await create('replaceable/race.mp4', 1000, true)
    const upsert = (url: string, bytes: Buffer) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${token}`,
          'x-upsert': 'true',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      })
    expect((await upsert(second, two)).status).toBe(204)
    expect((await upsert(first, one)).status).toBe(204)
    expect((await download('replaceable/race.mp4')).equals(one)).toBe(true)
    // One object, one file: the version the second upload made went when the first replaced it.
    expect(h.objectFiles().length).toBe(before + 1)
  })

  it('refuses to overwrite without x-upsert or without the UPDATE policy, and replaces with both', async () => {
    const before = h.objectFiles().length
    expect((await h.service.storage.from(media).upload('fixed/a.mp4', Buffer.from('old'))).error).toBeNull()
    expect((await h.service.storage.from(media).upload('replaceable/a.mp4', Buffer.from('old'))).error).toBeNull()
    const plain = await tusUpload(h, token, Buffer.from('new'), { bucket: media, name: 'replaceable/a.mp4' }).done.then(
      () => new Error('accepted'),
      (e) => e,
    )
    expect(refusal(plain)).toEqual({ status: 409, body: 'The resource already exists' })
    const noPolicy = await tusUpload(h, token, Buffer.from('new'), {
      bucket: media,
      name: 'fixed/a.mp4',
      upsert: true,
    }).done.then(
      () => new Error('accepted'),
      (e) => e,
    )
    expect(refusal(noPolicy)).toEqual({ status: 403, body: 'new row violates row-level security policy' })
    await tusUpload(h, token, Buffer.from('new'), { bucket: media, name: 'replaceable/a.mp4', upsert: true }).done
    expect((await download('replaceable/a.mp4')).toString()).toBe('new')
    expect((await download('fixed/a.mp4')).toString()).toBe('old')
    expect(h.objectFiles().length).toBe(before + 2)
  })
})

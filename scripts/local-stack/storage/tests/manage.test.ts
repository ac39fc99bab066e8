// Signed URLs (single, batch, expiring), signed upload URLs, list with prefix/limit/offset/sort/search, move, copy
// and batch remove, through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const owner = '6c3f6a5e-2b1f-4b8e-9d1a-000000000001'

describe.skipIf(!testDbUrl)('storage signed URLs, listing, move, copy and remove', () => {
  let h: Harness
  let bucket: string
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('manage')
  })
  afterAll(async () => {
    await h?.close()
  })

  it('signs a download URL that works without a key, names the file and expires', async () => {
    const files = h.service.storage.from(bucket)
    await files.upload('report.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' })
    const { data, error } = await files.createSignedUrl('report.pdf', 60, { download: 'r.pdf' })
    expect(error).toBeNull()
    expect(data!.signedUrl).toMatch(
      new RegExp(`/storage/v1/object/sign/${bucket}/report.pdf\\?token=.+&download=r.pdf$`),
    )
    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('%PDF')
    expect(response.headers.get('content-disposition')).toContain('filename=r.pdf')
    expect(new Date(response.headers.get('expires')!).getTime()).toBeGreaterThan(Date.now())
    expect(response.headers.get('cache-control')).toBeNull()

    const past = Math.floor(Date.now() / 1000) - 10
    const expired = h.keys.sign({ url: `${bucket}/report.pdf`, scope: 'download', iat: past - 60, exp: past })
    const late = await fetch(`${h.storageUrl}/object/sign/${bucket}/report.pdf?token=${expired}`)
    expect(late.status).toBe(400)
    expect(await late.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
    const token = new URL(data!.signedUrl).searchParams.get('token')
    const elsewhere = await fetch(`${h.storageUrl}/object/sign/${bucket}/other.pdf?token=${token}`)
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
  })

  it('signs many URLs at once, reporting the paths it cannot sign', async () => {
    const files = h.service.storage.from(bucket)
    await files.upload('many/1.txt', '1')
    await files.upload('many/2.txt', '2')
    const { data, error } = await files.createSignedUrls(['many/1.txt', 'many/missing.txt', 'many/2.txt'], 60)
    expect(error).toBeNull()
    expect(data!.map((d) => [d.path, d.error])).toEqual([
      ['many/1.txt', null],
      ['many/missing.txt', 'Either the object does not exist or you do not have access to it'],
      ['many/2.txt', null],
    ])
    expect(await (await fetch(data![2]!.signedUrl!)).text()).toBe('2')
    const none = await files.createSignedUrl('many/missing.txt', 60)
    expect(none.error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchKey' })
  })

  it('hands out a signed upload URL that uploads once, as its creator', async () => {
    const user = h.user(owner)
    await h.policy(
      'objects',
      `for insert to authenticated with check (bucket_id = '${bucket}' and name like 'inbox/%')`,
    )
    const { data, error } = await user.storage.from(bucket).createSignedUploadUrl('inbox/photo.png')
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain(`/object/upload/sign/${bucket}/inbox/photo.png?token=`)
    const anon = h.anon.storage.from(bucket)
    const uploaded = await anon.uploadToSignedUrl(
      'inbox/photo.png',
      data!.token,
      new Blob(['png'], { type: 'image/png' }),
    )
    expect(uploaded).toEqual({ data: { path: 'inbox/photo.png', fullPath: `${bucket}/inbox/photo.png` }, error: null })
    const { rows } = await h.sql.query(
      'select owner_id, owner from storage.objects where bucket_id = $1 and name = $2',
      [bucket, 'inbox/photo.png'],
    )
    expect(rows).toEqual([{ owner_id: owner, owner }])
    const twice = await anon.uploadToSignedUrl('inbox/photo.png', data!.token, new Blob(['again']))
    expect(twice.error).toMatchObject({ statusCode: '409' })
    // Outside what the user may insert, no URL is signed.
    const refused = await user.storage.from(bucket).createSignedUploadUrl('elsewhere/photo.png')
    expect(refused.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
    // A download token cannot upload.
    const download = h.keys.sign({ url: `${bucket}/inbox/x.png`, scope: 'download', exp: Date.now() / 1000 + 60 })
    const misuse = await anon.uploadToSignedUrl('inbox/x.png', download, new Blob(['x']))
    expect(misuse.error).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
  })

  it('lists one folder level with prefix, limit, offset, sort and search', async () => {
    const files = h.service.storage.from(bucket)
    for (const name of ['list/b.txt', 'list/a.txt', 'list/c.md', 'list/sub/deep.txt']) await files.upload(name, name)
    const all = await files.list('list')
    expect(all.error).toBeNull()
    expect(all.data!.map((f) => [f.name, f.id === null])).toEqual([
      ['a.txt', false],
      ['b.txt', false],
      ['c.md', false],
      ['sub', true],
    ])
    expect(all.data![0]!.metadata).toMatchObject({ size: 10, mimetype: 'text/plain;charset=UTF-8' })
    const page = await files.list('list/', { limit: 2, offset: 1 })
    expect(page.data!.map((f) => f.name)).toEqual(['b.txt', 'c.md'])
    const desc = await files.list('list', { sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data!.map((f) => f.name)).toEqual(['sub', 'c.md', 'b.txt', 'a.txt'])
    const search = await files.list('list', { search: 'c' })
    expect(search.data!.map((f) => f.name)).toEqual(['c.md'])
    const byDate = await files.list('list', { sortBy: { column: 'created_at', order: 'asc' } })
    expect(byDate.data!.map((f) => f.name)).toContain('b.txt')
  })

  it('moves and copies objects, within and across buckets', async () => {
    const other = await h.bucket('other')
    const files = h.service.storage.from(bucket)
    await files.upload('mv/from.txt', 'moving', { metadata: { keep: true } })
    const { rows } = await h.sql.query('select id from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      'mv/from.txt',
    ])
    // storage-api answers the row's id (kept by a move) and its new name without the bucket.
    expect(await files.move('mv/from.txt', 'mv/to.txt')).toEqual({
      data: { message: 'Successfully moved', Id: rows[0].id, Key: 'mv/to.txt' },
      error: null,
    })
    expect(await files.exists('mv/from.txt')).toMatchObject({ data: false })
    expect(await (await files.download('mv/to.txt')).data!.text()).toBe('moving')
    expect((await files.info('mv/to.txt')).data!.metadata).toEqual({ keep: true })
    expect((await files.move('mv/to.txt', 'moved.txt', { destinationBucket: other })).error).toBeNull()
    expect(await (await h.service.storage.from(other).download('moved.txt')).data!.text()).toBe('moving')

    await files.upload('cp/src.txt', 'copying')
    const copied = await files.copy('cp/src.txt', 'cp/dst.txt')
    expect(copied).toEqual({ data: { path: `${bucket}/cp/dst.txt` }, error: null })
    expect(await (await files.download('cp/src.txt')).data!.text()).toBe('copying')
    expect(await (await files.download('cp/dst.txt')).data!.text()).toBe('copying')
    const clash = await files.copy('cp/src.txt', 'cp/dst.txt')
    expect(clash.error).toMatchObject({ statusCode: '409' })
    const across = await files.copy('cp/src.txt', 'copy.txt', { destinationBucket: other })
    expect(across.data).toEqual({ path: `${other}/copy.txt` })
    const missing = await files.move('cp/none.txt', 'cp/x.txt')
    expect(missing.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    const taken = await files.move('cp/src.txt', 'cp/dst.txt')
    expect(taken.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
  })

  it('removes a batch, answering with the rows it deleted, and their files go', async () => {
    const files = h.service.storage.from(bucket)
    await files.upload('rm/1.txt', '1')
    await files.upload('rm/2.txt', '2')
    const before = h.objectFiles().length
    const { data, error } = await files.remove(['rm/1.txt', 'rm/2.txt', 'rm/never.txt'])
    expect(error).toBeNull()
    expect(data!.map((row) => row.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt'])
    expect(data![0]).toHaveProperty('bucket_id', bucket)
    expect(h.objectFiles().length).toBe(before - 2)
    expect((await files.list('rm')).data).toEqual([])
  })
})

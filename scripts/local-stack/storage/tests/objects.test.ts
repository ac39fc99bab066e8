// Objects through supabase-js: multipart and raw uploads with x-upsert, cache-control, content-type and metadata,
// update, authenticated and public downloads (download names, range requests), info, exists and /status.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage objects', () => {
  let h: Harness
  let priv: string
  let pub: string
  beforeAll(async () => {
    h = await startHarness()
    priv = await h.bucket('private')
    pub = await h.bucket('public', { public: true })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('uploads a Blob as multipart with cacheControl and metadata, and reads it back', async () => {
    const files = h.service.storage.from(priv)
    const blob = new Blob(['hello multipart'], { type: 'text/markdown' })
    const { data, error } = await files.upload('docs/readme.md', blob, { cacheControl: '60', metadata: { lang: 'en' } })
    expect(error).toBeNull()
    expect(data).toEqual({ path: 'docs/readme.md', id: expect.any(String), fullPath: `${priv}/docs/readme.md` })
    const info = await files.info('docs/readme.md')
    expect(info.data).toMatchObject({
      id: data!.id,
      name: 'docs/readme.md',
      bucketId: priv,
      size: 15,
      contentType: 'text/markdown',
      cacheControl: 'max-age=60',
      metadata: { lang: 'en' },
      etag: `"${createHash('md5').update('hello multipart').digest('hex')}"`,
    })
    const download = await files.download('docs/readme.md')
    expect(await download.data!.text()).toBe('hello multipart')
  })

  it('uploads a raw body with content-type, cache-control and x-metadata', async () => {
    const files = h.service.storage.from(priv)
    const { error } = await files.upload('raw.json', Buffer.from('{"a":1}'), {
      contentType: 'application/json',
      cacheControl: '120',
      metadata: { source: 'test' },
    })
    expect(error).toBeNull()
    expect((await files.info('raw.json')).data).toMatchObject({
      contentType: 'application/json',
      cacheControl: 'max-age=120',
      size: 7,
      metadata: { source: 'test' },
    })
    const text = await files.upload('plain.txt', 'some text')
    expect(text.error).toBeNull()
    expect((await files.info('plain.txt')).data).toMatchObject({ contentType: 'text/plain;charset=UTF-8' })
  })

  it('refuses to overwrite without x-upsert, replaces with it, and update() always replaces', async () => {
    const files = h.service.storage.from(priv)
    await files.upload('same.txt', 'first')
    const again = await files.upload('same.txt', 'second')
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
    expect(await (await files.download('same.txt')).data!.text()).toBe('first')
    const before = h.objectFiles().length
    expect((await files.upload('same.txt', 'second', { upsert: true })).error).toBeNull()
    expect(await (await files.download('same.txt')).data!.text()).toBe('second')
    expect((await files.update('same.txt', new Blob(['third']))).error).toBeNull()
    expect(await (await files.download('same.txt')).data!.text()).toBe('third')
    // Each replacement removed the version it replaced.
    expect(h.objectFiles().length).toBe(before)
    expect((await files.update('created-by-update.txt', 'new')).error).toBeNull()
  })

  it('streams a few MiB from a Node stream without changing a byte', async () => {
    const chunk = Buffer.alloc(64 * 1024, 7)
    const total = 4 * 1024 * 1024
    const hash = createHash('md5')
    for (let sent = 0; sent < total; sent += chunk.length) hash.update(chunk)
    const stream = Readable.from(
      (function* () {
        for (let sent = 0; sent < total; sent += chunk.length) yield chunk
      })(),
    )
    const files = h.service.storage.from(priv)
    const { error } = await files.upload('big.bin', stream, { contentType: 'application/octet-stream' })
    expect(error).toBeNull()
    const info = (await files.info('big.bin')).data!
    expect(info).toMatchObject({ size: total, etag: `"${hash.digest('hex')}"` })
    const downloaded = Buffer.from(await (await files.download('big.bin')).data!.arrayBuffer())
    expect(downloaded.length).toBe(total)
    expect(h.tmpFiles()).toEqual([])
  })

  it('serves public objects with their headers, nosniff and download names', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('site/page.html', '<script>alert(1)</script>', { contentType: 'text/html', cacheControl: '30' })
    const url = files.getPublicUrl('site/page.html').data.publicUrl
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain') // never served as a page
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('max-age=30')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(response.headers.get('content-length')).toBe('25')
    expect(response.headers.get('content-disposition')).toBeNull()
    const named = await fetch(files.getPublicUrl('site/page.html', { download: 'my page.txt' }).data.publicUrl)
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=my%20page.txt; filename*=UTF-8''my%20page.txt;",
    )
    const plain = await fetch(files.getPublicUrl('site/page.html', { download: true }).data.publicUrl)
    expect(plain.headers.get('content-disposition')).toBe('attachment;')
    // Anyone may read a public bucket's objects through the authenticated route too.
    expect(await (await h.anon.storage.from(pub).download('site/page.html')).data!.text()).toContain('alert')
  })

  it('answers range requests for seeking', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('video.mp4', Buffer.from('0123456789'), { contentType: 'video/mp4' })
    const url = files.getPublicUrl('video.mp4').data.publicUrl
    const part = await fetch(url, { headers: { Range: 'bytes=2-5' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10')
    expect(part.headers.get('content-length')).toBe('4')
    expect(await part.text()).toBe('2345')
    const tail = await fetch(url, { headers: { Range: 'bytes=7-' } })
    expect([tail.status, await tail.text()]).toEqual([206, '789'])
    const suffix = await fetch(url, { headers: { Range: 'bytes=-3' } })
    expect([suffix.status, await suffix.text()]).toEqual([206, '789'])
    const beyond = await fetch(url, { headers: { Range: 'bytes=50-60' } })
    expect(beyond.status).toBe(400)
    expect(await beyond.json()).toMatchObject({ statusCode: '400', code: 'InvalidRange' })
    const head = await fetch(url, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '10'])
  })

  it('tells what exists, and answers the HTTP 400 carrying statusCode 404 for what does not', async () => {
    const files = h.service.storage.from(priv)
    await files.upload('here.txt', 'x')
    expect(await files.exists('here.txt')).toEqual({ data: true, error: null })
    const missing = await files.exists('nowhere.txt')
    expect(missing.data).toBe(false)
    const response = await fetch(`${h.storageUrl}/object/${priv}/nowhere.txt`, {
      headers: { Authorization: `Bearer ${h.token({ role: 'service_role' })}` },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
  })

  it('revalidates with If-None-Match, and tolerates a bad JWT on the old download route for public buckets only', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('cached.txt', 'cache me')
    const url = files.getPublicUrl('cached.txt').data.publicUrl
    const etag = (await fetch(url)).headers.get('etag')!
    const again = await fetch(url, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    const expired = h.token({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 5 })
    const headers = { Authorization: `Bearer ${expired}` }
    expect((await fetch(`${h.storageUrl}/object/${pub}/cached.txt`, { headers })).status).toBe(200)
    const closed = await fetch(`${h.storageUrl}/object/${priv}/here.txt`, { headers })
    expect(await closed.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' })
    const strict = await fetch(`${h.storageUrl}/object/authenticated/${pub}/cached.txt`, { headers })
    expect(await strict.json()).toMatchObject({ statusCode: '403', message: '"exp" claim timestamp check failed' })
  })

  it("accepts Studio's empty folder placeholders whatever the bucket's types, and only empty", async () => {
    const typed = await h.bucket('typed', { allowedMimeTypes: ['image/png'] })
    const files = h.service.storage.from(typed)
    expect((await files.upload('folder/.emptyFolderPlaceholder', '')).error).toBeNull()
    expect((await files.list('')).data!.map((f) => f.name)).toEqual(['folder'])
    const full = await files.upload('other/.emptyFolderPlaceholder', 'not empty', { upsert: true })
    expect(full.error).toMatchObject({ statusCode: '413' })
  })

  it('keeps one row and one file when uploads of the same name race', async () => {
    const files = h.service.storage.from(priv)
    const before = h.objectFiles().length
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => files.upload('race.txt', `writer ${i}`, { upsert: true })),
    )
    expect(results.map((r) => r.error)).toEqual(Array(6).fill(null))
    const text = await (await files.download('race.txt')).data!.text()
    expect(text).toMatch(/^writer \d$/)
    expect(h.objectFiles().length).toBe(before + 1)
    const plain = await Promise.all(Array.from({ length: 4 }, () => files.upload('race-once.txt', 'x')))
    expect(plain.filter((r) => r.error === null).length).toBe(1)
    expect(plain.filter((r) => r.error !== null).every((r) => r.error!.statusCode === '409')).toBe(true)
  })

  it('answers GET /status', async () => {
    const response = await fetch(`${h.storageUrl}/status`)
    expect(response.status).toBe(200)
  })
})

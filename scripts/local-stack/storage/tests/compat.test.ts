// Storage API v1.60 details checked against its source: the no-token answer (jose's "Invalid Compact JWS"), GET
// /version, LIKE wildcards taken literally in searches, object info by GET and HEAD (InfoRenderer's headers), and
// signed resumable uploads (/upload/resumable/sign with the token of createSignedUploadUrl in x-signature).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { metadataHeader, refusal, tusUpload } from '../testing/tus.ts'

describe.skipIf(!testDbUrl)('storage compatibility details', () => {
  let h: Harness
  let bucket: string
  let open: string
  beforeAll(async () => {
    h = await startHarness()
    bucket = await h.bucket('compat')
    open = await h.bucket('compat-open', { public: true })
    await h.policy(
      'objects',
      `for select to authenticated using (bucket_id = '${bucket}' and owner_id = auth.uid()::text)`,
    )
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${bucket}')`)
  })
  afterAll(async () => {
    await h?.close()
  })

  it('answers no token with AccessDenied "Invalid Compact JWS", as HTTP 400 carrying statusCode 403', async () => {
    const cases: Record<string, string>[] = [{}, { Authorization: 'Bearer ' }, { Authorization: 'Bearer not-a-jwt' }]
    for (const headers of cases) {
      const response = await fetch(`${h.storageUrl}/bucket`, { headers })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Invalid Compact JWS',
      })
    }
  })

  it('answers GET /version with the release, as text', async () => {
    const response = await fetch(`${h.storageUrl}/version`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe('1.60.32')
  })

  it('takes _ and % literally in a bucket search and in a time-sorted list search', async () => {
    const a = await h.bucket('a_b')
    const b = await h.bucket('axb')
    const listed = await fetch(`${h.storageUrl}/bucket?search=${encodeURIComponent(a)}`, {
      headers: { Authorization: `Bearer ${h.token({ role: 'service_role' })}` },
    })
    const names = ((await listed.json()) as { name: string }[]).map((x) => x.name)
    expect(names).toContain(a)
    expect(names).not.toContain(b)
    for (const name of ['r_1.txt', 'rx1.txt']) {
      expect((await h.service.storage.from(open).upload(name, 'x')).error).toBeNull()
    }
    for (const column of ['name', 'created_at', 'updated_at']) {
      const sortBy = { column, order: 'asc' }
      const list = async (search: string) =>
        ((await h.service.storage.from(open).list('', { search, sortBy })).data ?? []).map((x) => x.name).sort()
      expect(await list('r_'), column).toEqual(['r_1.txt'])
      expect(await list('r%'), column).toEqual([])
    }
  })

  it('answers HEAD on object info with the info headers and the object length, and no body', async () => {
    const token = h.token({ role: 'authenticated', sub: '8b7a3c1e-0000-4000-8000-000000000001' })
    const owner = h.user('8b7a3c1e-0000-4000-8000-000000000001')
    expect(
      (
        await owner.storage
          .from(bucket)
          .upload('mine.txt', 'hello world', { cacheControl: '120', contentType: 'text/plain' })
      ).error,
    ).toBeNull()
    const get = await fetch(`${h.storageUrl}/object/info/authenticated/${bucket}/mine.txt`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(get.status).toBe(200)
    const info = (await get.json()) as { etag: string; size: number; cache_control: string }
    expect(info).toMatchObject({ name: 'mine.txt', size: 11, cache_control: 'max-age=120' })
    expect(get.headers.get('content-type')).toBe('application/json')
    expect(get.headers.get('etag')).toBe(info.etag)
    expect(get.headers.get('cache-control')).toBe('max-age=120')
    expect(get.headers.get('last-modified')).toMatch(/GMT$/)
    for (const path of [`/object/info/authenticated/${bucket}/mine.txt`, `/object/info/${bucket}/mine.txt`]) {
      const head = await fetch(`${h.storageUrl}${path}`, {
        method: 'HEAD',
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(head.status, path).toBe(200)
      expect(head.headers.get('content-type')).toBe('application/json')
      expect(head.headers.get('etag')).toBe(info.etag)
      expect(head.headers.get('content-length')).toBe('11')
      expect(await head.text()).toBe('')
    }
    // Image options are checked and echoed.
    const sized = await fetch(`${h.storageUrl}/object/info/${bucket}/mine.txt?width=100`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(sized.headers.get('x-transformations')).toBe('width:100,resizing_type:fill')
    // /object/info/{bucket} tolerates a missing JWT and reads as anon: a private bucket is not found.
    const anon = await fetch(`${h.storageUrl}/object/info/${bucket}/mine.txt`)
    expect(anon.status).toBe(400)
    expect(await anon.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
    // Someone else's object is not found under RLS.
    const other = await fetch(`${h.storageUrl}/object/info/authenticated/${bucket}/mine.txt`, {
      headers: {
        Authorization: `Bearer ${h.token({ role: 'authenticated', sub: '8b7a3c1e-0000-4000-8000-000000000009' })}`,
      },
    })
    expect(await other.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    // HEAD has no public info route: it reaches /object/info/{bucket} with "public" as the bucket.
    const publicHead = await fetch(`${h.storageUrl}/object/info/public/${open}/r_1.txt`, { method: 'HEAD' })
    expect(publicHead.status).toBe(400)
    expect((await fetch(`${h.storageUrl}/object/info/public/${open}/r_1.txt`)).status).toBe(200)
  })

  it('answers HEAD on the download routes from the row, as the HeadRenderer does', async () => {
    const files = h.service.storage.from(open)
    await files.upload('page.html', '<p>hi</p>', { contentType: 'text/html', cacheControl: '60' })
    const url = `${h.storageUrl}/object/public/${open}/page.html`
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/plain')
    expect(head.headers.get('content-length')).toBe('9')
    expect(head.headers.get('cache-control')).toBe('max-age=60')
    expect(head.headers.get('x-robots-tag')).toBe('none')
    expect(head.headers.get('accept-ranges')).toBe('bytes')
    const etag = head.headers.get('etag')!
    // If-None-Match: no 304 from the HeadRenderer; another tag adds must-revalidate.
    const same = await fetch(url, { method: 'HEAD', headers: { 'If-None-Match': etag } })
    expect([same.status, same.headers.get('cache-control')]).toEqual([200, 'max-age=60'])
    const stale = await fetch(url, { method: 'HEAD', headers: { 'If-None-Match': '"old"' } })
    expect(stale.headers.get('cache-control')).toBe('max-age=60, must-revalidate')
    const got = await fetch(url)
    expect([got.status, got.headers.get('x-robots-tag')]).toEqual([200, 'none'])
    expect(await files.exists('page.html')).toEqual({ data: true, error: null })
    expect((await files.exists('nothing.html')).data).toBe(false)
    // A private bucket without a JWT is not found, by HEAD as by GET.
    const hidden = await fetch(`${h.storageUrl}/object/${bucket}/mine.txt`)
    expect(await hidden.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
    expect((await fetch(`${h.storageUrl}/object/${bucket}/mine.txt`, { method: 'HEAD' })).status).toBe(400)
  })

  it("keeps an upload's valid x-robots-tag for its downloads, and refuses an invalid one in storage-api's words", async () => {
    const service = { Authorization: `Bearer ${h.token({ role: 'service_role' })}` }
    const upload = (name: string, tag: string) =>
      fetch(`${h.storageUrl}/object/${open}/${name}`, {
        method: 'POST',
        headers: { ...service, 'content-type': 'text/plain', 'x-robots-tag': tag },
        body: 'robots',
      })
    const tagged = await upload('robots.txt', 'noindex, unavailable_after: Mon, 01 Jan 2035 00:00:00 GMT')
    expect(tagged.status, await tagged.text()).toBe(200)
    const got = await fetch(`${h.storageUrl}/object/public/${open}/robots.txt`)
    expect(got.headers.get('x-robots-tag')).toBe('noindex, unavailable_after: Mon, 01 Jan 2035 00:00:00 GMT')
    expect((await upload('agent.txt', 'googlebot: nofollow, max-image-preview: large')).status).toBe(200)
    for (const [tag, message] of [
      ['bogus', 'Invalid X-Robots-Tag rule: "bogus"'],
      ['noindex,,nofollow', 'X-Robots-Tag header contains empty rule'],
      ['max-snippet: -2', 'X-Robots-Tag "max-snippet" value must be a non-negative number, got: "-2"'],
      [
        'max-image-preview: huge',
        'X-Robots-Tag "max-image-preview" value must be one of: none, standard, large, got: "huge"',
      ],
      ['googlebot:', 'X-Robots-Tag user agent "googlebot" has no rules specified'],
      ['unavailable_after: someday', 'X-Robots-Tag "unavailable_after" value must be a valid date, got: "someday"'],
    ]) {
      const refused = await upload('refused.txt', tag!)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'invalid_x_robots_tag',
        message: `Invalid X-Robots-Tag header: ${message}`,
      })
    }
    expect((await h.service.storage.from(open).exists('refused.txt')).data).toBe(false)
  })

  it('takes a signed resumable upload with x-signature, as the token owner', async () => {
    const owner = '8b7a3c1e-0000-4000-8000-000000000002'
    const { data: signed, error } = await h.user(owner).storage.from(bucket).createSignedUploadUrl('signed/tus.bin')
    expect(error).toBeNull()
    const bytes = Buffer.alloc(7 * 1024 * 1024, 7)
    const { done } = tusUpload(
      h,
      'unused',
      bytes,
      { bucket, name: 'signed/tus.bin', contentType: 'application/octet-stream' },
      { endpoint: `${h.storageUrl}/upload/resumable/sign`, headers: { 'x-signature': signed!.token } },
    )
    await done
    const row = await h.sql.query<{ owner_id: string; size: string }>(
      `select owner_id, metadata->>'size' as size from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, 'signed/tus.bin'],
    )
    expect(row.rows).toEqual([{ owner_id: owner, size: String(bytes.length) }])
    expect(h.resumableFiles()).toEqual([])
  })

  it('refuses a signed resumable upload without or with a bad x-signature, or for another object', async () => {
    const create = (headers: Record<string, string>, name = 'signed/other.bin') =>
      fetch(`${h.storageUrl}/upload/resumable/sign`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '3',
          'upload-metadata': metadataHeader({ bucketName: bucket, objectName: name }),
          ...headers,
        },
      })
    const missing = await create({})
    expect(missing.status).toBe(400)
    expect(await missing.text()).toBe('Missing x-signature header')
    const invalid = await create({ 'x-signature': 'invalid-token' })
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toBe('Invalid Compact JWS')
    const { data } = await h.service.storage.from(bucket).createSignedUploadUrl('signed/one.bin')
    const elsewhere = await create({ 'x-signature': data!.token }, 'signed/two.bin')
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.text()).toBe('Invalid signature')
    // A download token is not an upload token.
    const { data: download } = await h.service.storage.from(open).createSignedUrl('r_1.txt', 60)
    const token = new URL(download!.signedUrl).searchParams.get('token')!
    const wrongScope = await fetch(`${h.storageUrl}/upload/resumable/sign`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': metadataHeader({ bucketName: open, objectName: 'r_1.txt' }),
        'x-signature': token,
      },
    })
    expect(wrongScope.status).toBe(400)
    expect(await wrongScope.text()).toBe('Token is not scoped for upload')
    // tus-js-client reports the same refusal.
    const { done } = tusUpload(
      h,
      'unused',
      Buffer.from('abc'),
      { bucket, name: 'signed/three.bin' },
      {
        endpoint: `${h.storageUrl}/upload/resumable/sign`,
        headers: { 'x-signature': 'invalid-token' },
      },
    )
    const refused = await done.then(
      () => undefined,
      (e: unknown) => refusal(e),
    )
    expect(refused).toEqual({ status: 400, body: 'Invalid Compact JWS' })
    expect(h.resumableFiles()).toEqual([])
  })
})

// Image transformations through supabase-js: getPublicUrl, download and createSignedUrl with `transform`, the three
// resize modes without upscaling, formats by `format` and by Accept, the query schema's refusals, imgproxy's limits
// (what is not an image, 25 MB, 50 megapixels), RLS on the authenticated route, and the disk cache following the
// object's version.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const photo = (width: number, height: number, colour = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

async function fetchImage(url: string, accept?: string) {
  const response = await fetch(url, accept ? { headers: { Accept: accept } } : {})
  const body = Buffer.from(await response.arrayBuffer())
  const meta = response.ok ? await sharp(body).metadata() : undefined
  return { response, body, meta }
}

describe.skipIf(!testDbUrl)('storage image transformations', () => {
  let h: Harness
  let pub: string
  let priv: string
  beforeAll(async () => {
    h = await startHarness()
    pub = await h.bucket('render-public', { public: true })
    priv = await h.bucket('render-private')
    const image = await photo(1200, 800)
    for (const bucket of [pub, priv]) {
      const { error } = await h.service.storage
        .from(bucket)
        .upload('cover.png', image, { contentType: 'image/png', cacheControl: '3600' })
      expect(error).toBeNull()
    }
  })
  afterAll(async () => {
    await h?.close()
  })

  it('serves a public image at the asked width, as WebP when Accept allows it', async () => {
    const { data } = h.anon.storage.from(pub).getPublicUrl('cover.png', { transform: { width: 300 } })
    expect(data.publicUrl).toBe(`${h.url}/storage/v1/render/image/public/${pub}/cover.png?width=300`)
    const webp = await fetchImage(data.publicUrl, 'image/avif,image/webp,*/*')
    expect(webp.response.status).toBe(200)
    expect(webp.response.headers.get('content-type')).toBe('image/webp')
    expect(webp.response.headers.get('x-transformations')).toBe('width:300,resizing_type:fill')
    expect(webp.response.headers.get('cache-control')).toBe('max-age=3600')
    expect(webp.response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(webp.meta).toMatchObject({ format: 'webp', width: 300, height: 200 })
    const png = await fetchImage(data.publicUrl)
    expect(png.meta).toMatchObject({ format: 'png', width: 300, height: 200 })
    const origin = await fetchImage(`${data.publicUrl}&format=origin`, 'image/webp')
    expect(origin.meta?.format).toBe('png')
    const avif = await fetchImage(`${data.publicUrl}&format=avif&quality=50`)
    expect(avif.response.headers.get('content-type')).toBe('image/avif')
    expect(avif.meta).toMatchObject({ format: 'heif', width: 300, height: 200 })
    expect(webp.body.length).toBeLessThan((await photo(1200, 800)).length)
  })

  it('resizes by cover, contain and fill, and never enlarges', async () => {
    const url = (query: string) => `${h.url}/storage/v1/render/image/public/${pub}/cover.png?${query}`
    expect((await fetchImage(url('width=200&height=200'))).meta).toMatchObject({ width: 200, height: 200 })
    expect((await fetchImage(url('width=200&height=200&resize=contain'))).meta).toMatchObject({
      width: 200,
      height: 133,
    })
    expect((await fetchImage(url('width=200&height=50&resize=fill'))).meta).toMatchObject({ width: 200, height: 50 })
    const big = await fetchImage(url('width=5000'))
    expect(big.response.headers.get('x-transformations')).toBe('width:2000,resizing_type:fill')
    expect(big.meta).toMatchObject({ width: 1200, height: 800 })
  })

  it('refuses options outside the query schema in its words', async () => {
    for (const [query, message] of [
      ['quality=10', 'querystring/quality must be >= 20'],
      ['quality=101', 'querystring/quality must be <= 100'],
      ['width=abc', 'querystring/width must be integer'],
      ['resize=crop', 'querystring/resize must be equal to one of the allowed values'],
      ['format=png', 'querystring/format must be equal to one of the allowed values'],
    ]) {
      const response = await fetch(`${h.url}/storage/v1/render/image/public/${pub}/cover.png?${query}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Bad Request',
        message,
      })
    }
    const hidden = await fetch(`${h.url}/storage/v1/render/image/public/${priv}/cover.png?width=10`)
    expect(await hidden.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
  })

  it('renders an image with a damaged chunk (a PNG whose CRC is wrong), as imgproxy reads past it', async () => {
    const png = Buffer.from(await photo(1, 1, '#ff0000'))
    const idat = png.indexOf('IDAT')
    png[idat + 4 + png.readUInt32BE(idat - 4)]! ^= 0xff
    await expect(sharp(png).webp().toBuffer()).rejects.toThrow(/libpng read error/)
    const { error } = await h.service.storage.from(pub).upload('bad-crc.png', png, { contentType: 'image/png' })
    expect(error).toBeNull()
    const { data } = h.anon.storage.from(pub).getPublicUrl('bad-crc.png', { transform: { width: 4 } })
    const rendered = await fetchImage(data.publicUrl, 'image/webp')
    expect(rendered.response.status).toBe(200)
    expect(rendered.meta).toMatchObject({ format: 'webp', width: 1, height: 1 })
  })

  it('downloads through the authenticated route under RLS', async () => {
    const { data, error } = await h.service.storage.from(priv).download('cover.png', { transform: { width: 120 } })
    expect(error).toBeNull()
    expect(await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 80 })
    const denied = await h
      .user('u-render')
      .storage.from(priv)
      .download('cover.png', { transform: { width: 120 } })
    expect(denied.error).toMatchObject({ statusCode: '404' })
    const anon = await fetch(`${h.url}/storage/v1/render/image/authenticated/${priv}/cover.png?width=10`)
    expect(await anon.json()).toMatchObject({ statusCode: '403', message: 'Invalid Compact JWS' })
  })

  it('signs a transformed URL whose options the token fixes', async () => {
    const files = h.service.storage.from(priv)
    const { data, error } = await files.createSignedUrl('cover.png', 60, {
      transform: { width: 100, height: 100, resize: 'contain' },
    })
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain(`/storage/v1/render/image/sign/${priv}/cover.png?token=`)
    const signed = await fetchImage(`${data!.signedUrl}&width=900`)
    expect(signed.meta).toMatchObject({ width: 100, height: 67 })
    expect(signed.response.headers.get('expires')).not.toBeNull()
    expect(signed.response.headers.get('x-transformations')).toBe('height:100,width:100,resizing_type:fit')
    const token = new URL(data!.signedUrl).searchParams.get('token')
    const elsewhere = await fetch(`${h.url}/storage/v1/render/image/sign/${pub}/cover.png?token=${token}`)
    expect(await elsewhere.json()).toMatchObject({ code: 'InvalidSignature' })
    const bad = await files.createSignedUrl('cover.png', 60, { transform: { quality: 5 } })
    expect(bad.error?.message).toBe('body/transform/quality must be >= 20')
  })

  it('answers imgproxy refusals for non-images, sources over 25 MB and over 50 megapixels', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('notes.txt', Buffer.from('not an image'), { contentType: 'text/plain' })
    await files.upload('huge.png', await photo(8000, 7000), { contentType: 'image/png' })
    await files.upload('heavy.png', Buffer.alloc(25_000_001), { contentType: 'image/png' })
    for (const name of ['notes.txt', 'huge.png', 'heavy.png']) {
      const response = await fetch(`${h.url}/storage/v1/render/image/public/${pub}/${name}?width=10`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '422',
        code: 'InvalidRequest',
        error: 'InvalidRequest',
        message: 'Invalid source image',
      })
    }
  })

  it('caches renderings on disk by object version and drops them when the object changes', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('swap.png', await photo(400, 400, '#ff0000'), { contentType: 'image/png' })
    const url = `${h.url}/storage/v1/render/image/public/${pub}/swap.png?width=100`
    expect((await fetchImage(url)).meta).toMatchObject({ width: 100, height: 100 })
    const cached = () =>
      readdirSync(path.join(h.dataDir, 'render'), { recursive: true }).filter((f) => !String(f).includes('.'))
    const before = cached()
    await fetchImage(url)
    expect(cached()).toEqual(before)
    await files.upload('swap.png', await photo(400, 200, '#00ff00'), { contentType: 'image/png', upsert: true })
    expect((await fetchImage(url)).meta).toMatchObject({ width: 100, height: 50 })
    expect(cached().length).toBe(before.length)
  })
})

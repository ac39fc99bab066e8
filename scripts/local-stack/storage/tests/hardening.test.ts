// Review fixes: script-capable types never render on the API's origin, form fields that would break a later
// download's headers are refused at upload, a move leaves no file behind, and signed-URL tokens and access tokens
// are not interchangeable.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { DiskStore } from '../disk.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage hardening', () => {
  let h: Harness
  let pub: string
  beforeAll(async () => {
    h = await startHarness()
    pub = await h.bucket('hard', { public: true })
  })
  afterAll(async () => {
    await h?.close()
  })

  const rawUpload = (key: string, contentType: string, body: string) =>
    fetch(`${h.storageUrl}/object/${pub}/${key}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': contentType },
      body,
    })

  it('never serves script-capable types as themselves, whatever their case', async () => {
    const cases: [string, string, string][] = [
      ['upper.html', 'Text/HTML', 'text/plain'],
      ['param.html', ' TEXT/HTML; charset=UTF-8', 'text/plain'],
      ['page.xhtml', 'application/XHTML+xml', 'text/plain'],
      ['pic.svg', 'image/SVG+xml', 'image/svg+xml'],
      ['doc.xml', 'text/xml', 'text/xml'],
      ['app.xml', 'application/xml', 'application/xml'],
    ]
    for (const [key, type, served] of cases) {
      expect((await rawUpload(key, type, '<script>alert(1)</script>')).status).toBe(200)
      const response = await fetch(h.anon.storage.from(pub).getPublicUrl(key).data.publicUrl)
      expect(response.status).toBe(200)
      expect([key, response.headers.get('content-type')]).toEqual([key, served])
      expect(response.headers.get('content-security-policy')).toBe('sandbox')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
    // The stored type is lower-cased, its parameters kept as sent.
    const { data } = await h.service.storage.from(pub).info('param.html')
    expect(data?.contentType).toBe('text/html; charset=UTF-8')
  })

  it('refuses multipart cacheControl and contentType fields that could not be sent back as headers', async () => {
    const send = async (fields: Record<string, string>) => {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      form.append('', new Blob(['x'], { type: 'text/plain' }), 'x.txt')
      return fetch(`${h.storageUrl}/object/${pub}/fields-${Object.keys(fields).join('-')}.txt`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}` },
        body: form,
      })
    }
    const badCache = await send({ cacheControl: '60\r\nSet-Cookie: a=b' })
    expect(badCache.status).toBe(400)
    expect(await badCache.json()).toMatchObject({ statusCode: '400', error: 'Bad Request' })
    const badType = await send({ contentType: 'text/plain\r\nX-Evil: 1' })
    expect(badType.status).toBe(400)
    expect(await badType.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })
    // Nothing was stored, and a good upload still downloads.
    expect((await h.service.storage.from(pub).exists('fields-cacheControl.txt')).data).toBe(false)
    expect((await send({ cacheControl: '60', contentType: 'text/plain' })).status).toBe(200)
    const ok = await fetch(h.anon.storage.from(pub).getPublicUrl('fields-cacheControl-contentType.txt').data.publicUrl)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('max-age=60')
  })

  it('removes the source file of a moved object', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('mv/a.txt', 'moving')
    const before = (
      await h.sql.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [
        pub,
        'mv/a.txt',
      ])
    ).rows[0]!.version
    const oldFile = new DiskStore(h.dataDir).pathOf({ bucket: pub, key: 'mv/a.txt', version: before })!
    expect(existsSync(oldFile)).toBe(true)
    expect((await files.move('mv/a.txt', 'mv/b.txt')).error).toBeNull()
    expect(await (await files.download('mv/b.txt')).data!.text()).toBe('moving')
    expect(existsSync(oldFile)).toBe(false)
    const after = (
      await h.sql.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [
        pub,
        'mv/b.txt',
      ])
    ).rows[0]!.version
    expect(existsSync(new DiskStore(h.dataDir).pathOf({ bucket: pub, key: 'mv/b.txt', version: after })!)).toBe(true)
  })

  it('keeps signed-URL tokens and access tokens apart', async () => {
    const files = h.service.storage.from(pub)
    await files.upload('signed.txt', 'secret')
    const { data } = await files.createSignedUrl('signed.txt', 60)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    expect(await (await fetch(data!.signedUrl)).text()).toBe('secret')
    // A signed-URL token is no bearer token.
    const asBearer = await fetch(`${h.storageUrl}/object/authenticated/${pub}/signed.txt`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(asBearer.status).toBe(400)
    expect(await asBearer.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    // An ordinary stack JWT carrying the same claims is no signed-URL token.
    const forged = h.token({ role: 'authenticated', sub: 'u1', url: `${pub}/signed.txt`, scope: 'download' })
    const viaSign = await fetch(`${h.storageUrl}/object/sign/${pub}/signed.txt?token=${forged}`)
    expect(viaSign.status).toBe(400)
    expect(await viaSign.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
    const upload = h.token({ role: 'authenticated', url: `${pub}/up.txt`, scope: 'upload' })
    const viaUpload = await fetch(`${h.storageUrl}/object/upload/sign/${pub}/up.txt?token=${upload}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(await viaUpload.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
  })
})

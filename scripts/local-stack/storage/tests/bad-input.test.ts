// Bad input gets storage-api's answer and leaves nothing behind: unknown buckets, refused MIME types, oversized raw,
// multipart and chunked bodies, truncated multipart forms, uploads cut off mid-body, path traversal and control
// characters, bad or expired JWTs, malformed JSON and unknown routes. No object row, no stored file, no temp file.
import net from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRoleKey } from '../../keys/index.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage bad input', () => {
  let h: Harness
  let limited: string
  beforeAll(async () => {
    h = await startHarness()
    limited = await h.bucket('limited', { fileSizeLimit: 1000, allowedMimeTypes: ['image/*', 'text/plain'] })
  })
  afterAll(async () => {
    await h?.close()
  })

  async function rowCount(name: string): Promise<number> {
    const { rows } = await h.sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      limited,
      name,
    ])
    return rows.length
  }

  /** Nothing of the upload is left: no row, no file, no temp file. */
  async function expectNothingStored(name: string): Promise<void> {
    expect(await rowCount(name)).toBe(0)
    expect(h.tmpFiles()).toEqual([])
    expect(h.objectFiles()).toEqual([])
  }

  /** Sends raw bytes over a socket and returns what came back (empty if the server closed without a word). */
  function rawRequest(head: string, body: Buffer, options: { destroyAfterWrite?: boolean } = {}): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1')
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('error', () => resolve(answer))
      socket.on('close', () => resolve(answer))
      socket.write(head + '\r\n\r\n')
      socket.write(body, () => {
        if (options.destroyAfterWrite) setTimeout(() => socket.destroy(), 50)
        else setTimeout(() => socket.end(), 300)
      })
    })
  }

  async function eventually(check: () => Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await check()
      } catch (error) {
        if (i > 40) throw error
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  it('answers NoSuchBucket for an unknown bucket', async () => {
    const files = h.service.storage.from(`${h.prefix}-nope`)
    const upload = await files.upload('a.txt', 'a')
    expect(upload.error).toMatchObject({
      status: 400,
      statusCode: '404',
      code: 'NoSuchBucket',
      message: 'Bucket not found',
    })
    expect((await files.download('a.txt')).error).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
    expect(h.tmpFiles()).toEqual([])
  })

  it('refuses types outside the bucket list and accepts wildcard matches', async () => {
    const files = h.service.storage.from(limited)
    const refused = await files.upload('doc.pdf', new Blob(['%PDF'], { type: 'application/pdf' }))
    expect(refused.error).toMatchObject({
      status: 400,
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type application/pdf is not supported',
    })
    const raw = await files.upload('doc2.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' })
    expect(raw.error).toMatchObject({ statusCode: '415' })
    await expectNothingStored('doc.pdf')
    expect((await files.upload('pic.webp', Buffer.from('RIFF'), { contentType: 'image/webp' })).error).toBeNull()
    expect((await files.upload('note.txt', 'text with a charset parameter')).error).toBeNull()
    await files.remove(['pic.webp', 'note.txt'])
  })

  it('refuses oversized raw, multipart and chunked bodies, and keeps one of exactly the limit', async () => {
    const files = h.service.storage.from(limited)
    const tooBig = {
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    }
    const big = Buffer.alloc(1001, 1)
    expect((await files.upload('raw.txt', big, { contentType: 'text/plain' })).error).toMatchObject(tooBig)
    expect((await files.upload('form.txt', new Blob([big], { type: 'text/plain' }))).error).toMatchObject(tooBig)
    const chunked = Readable.from([big.subarray(0, 600), big.subarray(600)])
    expect((await files.upload('chunked.txt', chunked, { contentType: 'text/plain' })).error).toMatchObject(tooBig)
    // A large body beyond the limit is answered without the server keeping it.
    const huge = await files.upload('huge.txt', Buffer.alloc(8 * 1024 * 1024), { contentType: 'text/plain' })
    expect(huge.error).toMatchObject(tooBig)
    // Without a Content-Length the limit is only found mid-stream; the answer still arrives.
    const endless = Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(1024 * 1024)))
    expect((await files.upload('endless.txt', endless, { contentType: 'text/plain' })).error).toMatchObject(tooBig)
    const hugeForm = await files.upload(
      'huge-form.txt',
      new Blob([Buffer.alloc(8 * 1024 * 1024)], { type: 'text/plain' }),
    )
    expect(hugeForm.error).toMatchObject(tooBig)
    for (const name of ['raw.txt', 'form.txt', 'chunked.txt', 'huge.txt', 'endless.txt', 'huge-form.txt']) {
      await expectNothingStored(name)
    }
    expect(
      (await files.upload('exact.txt', new Blob([Buffer.alloc(1000, 1)], { type: 'text/plain' }))).error,
    ).toBeNull()
    await files.remove(['exact.txt'])
  })

  it('answers a truncated multipart body with a 400 and stores nothing', async () => {
    const boundary = 'XyZboundary'
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: text/plain\r\n\r\n` +
        'only half of the fi',
    )
    const answer = await rawRequest(
      `POST /storage/v1/object/${limited}/cut.txt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${serviceRoleKey}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close`,
      body,
    )
    expect(answer).toMatch(/^HTTP\/1.1 400/)
    expect(answer).toContain('"message":"Unexpected end of form"')
    await expectNothingStored('cut.txt')
  })

  it('cleans up an upload whose client hangs up mid-body', async () => {
    const head =
      `POST /storage/v1/object/${limited}/gone.txt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${serviceRoleKey}\r\n` +
      'Content-Type: text/plain\r\nContent-Length: 900'
    await rawRequest(head, Buffer.alloc(400, 1), { destroyAfterWrite: true })
    await eventually(() => expectNothingStored('gone.txt'))
    expect((await fetch(`${h.storageUrl}/status`)).status).toBe(200)
  })

  it('removes the stored file when the final database write fails', async () => {
    // A trigger that refuses only the server's final write (the RLS dry run carries no eTag yet).
    const fn = `public.${h.prefix}_refuse_write`
    await h.sql.query(
      `create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    )
    await h.sql.query(
      `create trigger ${h.prefix}_refuse before insert or update on storage.objects for each row ` +
        `when (new.bucket_id = '${limited}' and new.name = 'doomed.txt' and new.metadata ? 'eTag') execute function ${fn}()`,
    )
    try {
      const { error } = await h.service.storage.from(limited).upload('doomed.txt', 'x')
      expect(error).toMatchObject({ status: 500, statusCode: '500', code: 'DatabaseError' })
      await expectNothingStored('doomed.txt')
    } finally {
      await h.sql.query(`drop trigger if exists ${h.prefix}_refuse on storage.objects`)
      await h.sql.query(`drop function if exists ${fn}()`)
    }
  })

  it('rejects path traversal and control characters in object names', async () => {
    const files = h.service.storage.from(limited)
    const invalid = { status: 400, statusCode: '400', code: 'InvalidKey' }
    for (const name of ['a\u0001b.txt', 'del\u007f.txt', 'zero\u200bwidth.txt', 'spoof\u202etxt.exe']) {
      expect((await files.upload(name, 'x')).error).toMatchObject(invalid)
    }
    // fetch drops raw newlines and tabs and resolves dot segments, so these go out verbatim on a socket.
    for (const path of [
      'line%0Abreak.txt',
      'tab%09.txt',
      '..%2Fescape.txt',
      'dir/%2E%2E/x.txt',
      'dir/../x.txt',
      'a/./b',
    ]) {
      const answer = await rawRequest(
        `POST /storage/v1/object/${limited}/${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${serviceRoleKey}\r\n` +
          'Content-Type: text/plain\r\nContent-Length: 1\r\nConnection: close',
        Buffer.from('x'),
      )
      expect(answer).toMatch(/^HTTP\/1.1 400/)
      expect(answer).toContain('"code":"InvalidKey"')
    }
    expect((await files.move('a.txt', '../../etc/passwd')).error).toMatchObject(invalid)
    expect((await files.copy('a.txt', 'x/../../y')).error).toMatchObject(invalid)
    expect(h.objectFiles()).toEqual([])
    expect(h.tmpFiles()).toEqual([])
  })

  it('answers bad, expired and missing JWTs as storage-api does', async () => {
    const expired = h.token({ role: 'authenticated', sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })
    const cases: [string | undefined, string][] = [
      [expired, '"exp" claim timestamp check failed'],
      ['not-a-jwt', 'Invalid Compact JWS'],
      [`${serviceRoleKey.slice(0, -4)}AAAA`, 'signature verification failed'],
      [undefined, 'Invalid Compact JWS'],
    ]
    for (const [token, message] of cases) {
      const response = await fetch(`${h.storageUrl}/bucket`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message })
    }
    // A raw apikey value (the gateway's rewrite when no Bearer is sent) is accepted as the token.
    const bare = await fetch(`${h.storageUrl}/bucket`, { headers: { Authorization: serviceRoleKey } })
    expect(bare.status).toBe(200)
  })

  it('answers malformed JSON, missing fields and unknown routes without falling over', async () => {
    const headers = { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' }
    const badJson = await fetch(`${h.storageUrl}/bucket`, { method: 'POST', headers, body: '{"name":' })
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toMatchObject({ statusCode: '400' })
    const noName = await fetch(`${h.storageUrl}/bucket`, { method: 'POST', headers, body: '{}' })
    expect(await noName.json()).toMatchObject({ statusCode: '400', message: "body must have required property 'name'" })
    const noPrefix = await fetch(`${h.storageUrl}/object/list/${limited}`, { method: 'POST', headers, body: '{}' })
    expect(await noPrefix.json()).toMatchObject({ message: "body must have required property 'prefix'" })
    const unknown = await fetch(`${h.storageUrl}/nothing/here`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      message: 'Route GET:/nothing/here not found',
      error: 'Not Found',
      statusCode: 404,
    })
    const emptyForm = await fetch(`${h.storageUrl}/object/${limited}/empty.txt`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey}` },
      body: new FormData(),
    })
    expect(await emptyForm.json()).toMatchObject({ statusCode: '400', message: 'No content provided' })
    expect((await fetch(`${h.storageUrl}/status`)).status).toBe(200)
  })
})

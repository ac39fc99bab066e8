// Unfinished resumable uploads expire (storage-api's TUS_URL_EXPIRY_MS, an hour in the CLI; shortened here): past
// the expiry the upload URL answers 410 for HEAD and PATCH, and the sweep on a timer removes its bytes and info, so
// an abandoned upload leaves no file and no row. A stray file with no partner is swept as well.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { createUpload, patchUpload, uploadOffset } from '../testing/tus.ts'

const owner = '0b0e5e1a-8888-4a88-8a88-000000000008'

/** An upload with half its bytes in; `expires` is its Upload-Expires. */
async function half(h: Harness, token: string, bucket: string, name: string) {
  const created = await createUpload(h, token, 2048, { bucket, name, contentType: 'video/mp4' })
  const url = created.headers.get('location')!
  expect((await patchUpload(url, token, 0, randomBytes(1024))).status).toBe(204)
  return { url, expires: Date.parse(created.headers.get('upload-expires')!) }
}

describe.skipIf(!testDbUrl)('TUS expiry', () => {
  describe('past the expiry, before any sweep', () => {
    let h: Harness
    let media: string
    let token: string
    beforeAll(async () => {
      h = await startHarness({}, { resumable: { expiryMs: 2000, sweepIntervalMs: 3_600_000 } })
      media = await h.bucket('media')
      await h.policy('objects', `for insert to authenticated with check (bucket_id = '${media}')`)
      token = h.token({ sub: owner, role: 'authenticated' })
    })
    afterAll(async () => {
      await h?.close()
    })

    it('answers 410 Gone for the upload URL', async () => {
      const { url, expires } = await half(h, token, media, 'late.mp4')
      // Upload-Expires has whole seconds: wait past the second it names.
      await new Promise((resolve) => setTimeout(resolve, expires + 1100 - Date.now()))
      expect(await uploadOffset(url, token)).toBe(410)
      const late = await patchUpload(url, token, 1024, randomBytes(1024))
      expect({ status: late.status, body: await late.text() }).toEqual({
        status: 410,
        body: 'The file for this url no longer exists\n',
      })
      const rows = await h.sql.query('select 1 from storage.objects where bucket_id = $1', [media])
      expect(rows.rowCount).toBe(0)
    })
  })

  describe('with the sweep running', () => {
    let h: Harness
    let media: string
    let token: string
    beforeAll(async () => {
      h = await startHarness({}, { resumable: { expiryMs: 1500, sweepIntervalMs: 100 } })
      media = await h.bucket('media')
      await h.policy('objects', `for insert to authenticated with check (bucket_id = '${media}')`)
      token = h.token({ sub: owner, role: 'authenticated' })
    })
    afterAll(async () => {
      await h?.close()
    })

    it('removes an abandoned upload: no bytes, no info, no row, and its URL is gone', async () => {
      const { url } = await half(h, token, media, 'abandoned.mp4')
      // A stray half (bytes whose info was never written) is old news to the sweep too.
      writeFileSync(path.join(h.dataDir, 'resumable', 'f'.repeat(64)), 'stray')
      expect(h.resumableFiles()).toHaveLength(3)
      await expect.poll(() => h.resumableFiles(), { timeout: 5000 }).toEqual([])
      expect(await uploadOffset(url, token)).toBe(404)
      const rows = await h.sql.query('select 1 from storage.objects where bucket_id = $1', [media])
      expect(rows.rowCount).toBe(0)
      expect(h.objectFiles()).toEqual([])
    })

    it('keeps an upload younger than the expiry', async () => {
      const { url } = await half(h, token, media, 'fresh.mp4')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await uploadOffset(url, token)).toBe(1024)
      expect(h.resumableFiles()).toHaveLength(2)
    })
  })
})

// Resumable uploads through the stack's API gateway, the way a browser app sends them: tus-js-client at
// <api>/storage/v1/upload/resumable with the publishable key as apikey and the user's JWT. The upload URL points back
// through the gateway, and answers to a cross-origin page expose the tus headers a browser client must read.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { Gateway } from '../../gateway/index.ts'
import { publishableKey, secretKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { createStorageService } from '../index.ts'
import { client, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'
import { chunkSize, metadataHeader } from '../testing/tus.ts'

const owner = '0b0e5e1a-9999-4a99-8a99-000000000009'

describe.skipIf(!testDbUrl)('TUS behind the API gateway', () => {
  let h: Harness
  let gateway: Gateway
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-storage-gateway-'))
  beforeAll(async () => {
    h = await startHarness()
    const storage = createStorageService({
      config: loadConfig(),
      dbUrl: testDbUrl!,
      keys: new JwtKeys(),
      apiUrl: 'http://127.0.0.1',
      dataDir,
      settings: { enabled: true, fileSizeLimit: 50 * 1024 ** 2, buckets: {} },
    })
    gateway = new Gateway({ port: 0, hosts: ['127.0.0.1'], services: { storage }, log: () => {} })
    await gateway.start()
  })
  afterAll(async () => {
    await gateway?.stop()
    await h?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('uploads with tus-js-client through /storage/v1 and hands out upload URLs on the gateway', async () => {
    const bucket = await h.bucket('videos')
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${bucket}')`)
    const token = h.token({ sub: owner, role: 'authenticated' })
    const data = randomBytes(chunkSize + 4096)
    const endpoint = `${gateway.url}/storage/v1/upload/resumable`
    let location = ''
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint,
        chunkSize,
        retryDelays: null,
        headers: { apikey: publishableKey, authorization: `Bearer ${token}` },
        metadata: { bucketName: bucket, objectName: `${owner}/lesson.mp4`, contentType: 'video/mp4' },
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'POST') location = res.getHeader('Location') ?? ''
        },
        onError: reject,
        onSuccess: () => resolve(),
      })
      upload.start()
    })
    expect(location.startsWith(`${endpoint}/`)).toBe(true)
    const files = client(gateway.url, secretKey).storage.from(bucket)
    const { data: blob } = await files.download(`${owner}/lesson.mp4`)
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
  })

  it('exposes Location and Upload-Offset to a cross-origin page', async () => {
    const bucket = await h.bucket('cors')
    await h.policy('objects', `for insert to authenticated with check (bucket_id = '${bucket}')`)
    const token = h.token({ sub: owner, role: 'authenticated' })
    const preflight = await fetch(`${gateway.url}/storage/v1/upload/resumable`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,tus-resumable,upload-length,upload-metadata,x-upsert',
      },
    })
    expect(preflight.status).toBe(200)
    const created = await fetch(`${gateway.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        apikey: publishableKey,
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '3',
        'upload-metadata': metadataHeader({ bucketName: bucket, objectName: 'a.mp4' }),
      },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe('*')
    const exposed = (created.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    for (const header of ['location', 'upload-offset', 'upload-length', 'tus-resumable']) {
      expect(exposed).toContain(header)
    }
  })
})

// The Storage service mounted in the stack's own API gateway, as stack.ts mounts it: supabase-js with the new sb_
// keys (which the gateway's key rules turn into JWTs) uploads, lists and downloads, and answers carry CORS headers.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { Gateway } from '../../gateway/index.ts'
import { publishableKey, secretKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { createStorageService } from '../index.ts'
import { client, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl)('storage behind the API gateway', () => {
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
      settings: { enabled: true, fileSizeLimit: 1024 ** 2, buckets: {} },
    })
    gateway = new Gateway({ port: 0, hosts: ['127.0.0.1'], services: { storage }, log: () => {} })
    await gateway.start()
  })
  afterAll(async () => {
    await gateway?.stop()
    await h?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves supabase-js with sb_ keys, public URLs and CORS', async () => {
    const bucket = await h.bucket('gateway', { public: true })
    const admin = client(gateway.url, secretKey).storage.from(bucket)
    expect((await admin.upload('hello.txt', 'hello through the gateway')).error).toBeNull()
    const visitor = client(gateway.url, publishableKey).storage.from(bucket)
    expect(await (await visitor.download('hello.txt')).data!.text()).toBe('hello through the gateway')
    const refused = await visitor.upload('nope.txt', 'x')
    expect(refused.error).toMatchObject({ statusCode: '403' })
    const response = await fetch(visitor.getPublicUrl('hello.txt').data.publicUrl, { headers: { Origin: 'http://x' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

// The [storage] section of config.toml: sizes parsed as the CLI parses them, and buckets declared there created at
// start and brought back in line with the file on the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfigSize, storageSettingsFrom } from '../../config/storage.ts'
import { createStorageService } from '../index.ts'
import { loadConfig } from '../../config/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

describe('storage settings from config.toml', () => {
  it('parses sizes with binary units, as go-units does for the CLI', () => {
    expect(parseConfigSize('50MiB', 'k')).toBe(50 * 1024 ** 2)
    expect(parseConfigSize('5MB', 'k')).toBe(5 * 1024 ** 2)
    expect(parseConfigSize('1.5GiB', 'k')).toBe(1.5 * 1024 ** 3)
    expect(parseConfigSize('512', 'k')).toBe(512)
    expect(parseConfigSize(1000, 'k')).toBe(1000)
    expect(() => parseConfigSize('lots', 'storage.file_size_limit')).toThrow(/storage.file_size_limit/)
  })

  it('reads the limit and the declared buckets, with defaults', () => {
    const settings = storageSettingsFrom({
      storage: {
        file_size_limit: '500MiB',
        buckets: { covers: { public: true, file_size_limit: '5MiB', allowed_mime_types: ['image/png'] }, bare: {} },
      },
    })
    expect(settings).toEqual({
      enabled: true,
      fileSizeLimit: 500 * 1024 ** 2,
      buckets: {
        covers: { public: true, fileSizeLimit: 5 * 1024 ** 2, allowedMimeTypes: ['image/png'] },
        bare: { public: false, fileSizeLimit: null, allowedMimeTypes: null },
      },
      s3Protocol: true,
    })
    expect(storageSettingsFrom({}).fileSizeLimit).toBe(50 * 1024 ** 2)
  })
})

describe.skipIf(!testDbUrl)('config.toml buckets', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    await h?.close()
  })

  async function startWith(
    buckets: Record<string, { public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null }>,
  ) {
    const service = createStorageService({
      config: loadConfig(),
      dbUrl: testDbUrl!,
      keys: new JwtKeys(),
      apiUrl: 'http://127.0.0.1',
      dataDir: h.dataDir,
      settings: { enabled: true, fileSizeLimit: 1024 ** 3, buckets },
    })
    try {
      await service.start?.()
    } finally {
      await service.stop?.()
    }
  }

  it('exist after start with their flags and limits, and follow the file on the next start', async () => {
    const id = `${h.prefix}-config`
    await startWith({
      [id]: { public: true, fileSizeLimit: 5 * 1024 ** 2, allowedMimeTypes: ['image/png', 'image/*'] },
    })
    expect((await h.service.storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 5 * 1024 ** 2,
      allowed_mime_types: ['image/png', 'image/*'],
    })
    await startWith({ [id]: { public: false, fileSizeLimit: null, allowedMimeTypes: null } })
    expect((await h.service.storage.getBucket(id)).data).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    })
  })

  it('refuses to start with a bucket config.toml cannot mean', async () => {
    await expect(
      startWith({ 'bad/name': { public: false, fileSizeLimit: null, allowedMimeTypes: null } }),
    ).rejects.toThrow(/storage.buckets.bad\/name/)
  })
})

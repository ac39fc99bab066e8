// Seed objects from config.toml's objects_path: which files become which keys (as `supabase seed buckets` keys them),
// a missing folder failing like the CLI, and uploads through the Storage API that land rows and bytes and can be
// repeated without duplicates.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageSettingsFrom } from '../../config/storage.ts'
import { serviceRoleKey } from '../../keys/index.ts'
import { contentTypeOf, listSeedObjects, uploadSeedObjects } from '../seed-objects.ts'
import { startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const bucket = (objectsPath?: string) => ({
  public: false,
  fileSizeLimit: null,
  allowedMimeTypes: null,
  ...(objectsPath && { objectsPath }),
})

function fixture(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summit-seed-objects-'))
  mkdirSync(path.join(dir, 'media', 'course-1', 'lesson-1'), { recursive: true })
  writeFileSync(path.join(dir, 'media', 'course-1', 'lesson-1', 'video.webm'), 'webm bytes')
  writeFileSync(path.join(dir, 'media', 'course-1', 'lesson-1', 'captions.vtt'), 'WEBVTT\n')
  writeFileSync(path.join(dir, 'media', 'readme.txt'), 'top level')
  writeFileSync(path.join(dir, 'cover.png'), 'png bytes')
  symlinkSync(path.join(dir, 'cover.png'), path.join(dir, 'media', 'linked.png'))
  return dir
}

describe('seed objects: files and keys', () => {
  it('reads objects_path from config.toml and leaves buckets without one alone', () => {
    const settings = storageSettingsFrom({
      storage: { buckets: { media: { objects_path: './seed-media/media' }, plain: {} } },
    })
    expect(settings.buckets.media?.objectsPath).toBe('./seed-media/media')
    expect(settings.buckets.plain).not.toHaveProperty('objectsPath')
    expect(() => storageSettingsFrom({ storage: { buckets: { b: { objects_path: 3 } } } })).toThrow(/objects_path/)
  })

  it('keys every regular file by its path under the folder, skipping symlinks', async () => {
    const dir = fixture()
    const objects = await listSeedObjects({ media: bucket('./media'), other: bucket() }, dir)
    expect(objects.map((o) => `${o.bucket}/${o.key}`)).toEqual([
      'media/course-1/lesson-1/captions.vtt',
      'media/course-1/lesson-1/video.webm',
      'media/readme.txt',
    ])
  })

  it('keys a single file by its name', async () => {
    const dir = fixture()
    const objects = await listSeedObjects({ covers: bucket('cover.png') }, dir)
    expect(objects).toEqual([{ bucket: 'covers', key: 'cover.png', file: path.join(dir, 'cover.png') }])
  })

  it('fails on a missing objects_path, naming the bucket and the path, as the CLI does', async () => {
    const dir = fixture()
    await expect(listSeedObjects({ media: bucket('./nowhere') }, dir)).rejects.toThrow(
      /\[storage\.buckets\.media\] objects_path "\.\/nowhere" does not exist/,
    )
  })

  it('sends the type the buckets expect for each extension', () => {
    expect(contentTypeOf('a/video.webm')).toBe('video/webm')
    expect(contentTypeOf('captions.VTT')).toBe('text/vtt')
    expect(contentTypeOf('cover.webp')).toBe('image/webp')
    expect(contentTypeOf('blob.bin')).toBe('application/octet-stream')
  })
})

describe.skipIf(!testDbUrl)('seed objects: uploads through the Storage API', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    await h?.close()
  })

  it('uploads every file with rows and bytes, and a second run replaces them without duplicates', async () => {
    const dir = fixture()
    const media = await h.bucket('media', { allowedMimeTypes: ['video/webm', 'text/vtt', 'text/plain'] })
    const options = {
      apiUrl: h.url,
      serviceKey: serviceRoleKey,
      buckets: { [media]: bucket('./media') },
      supabaseDir: dir,
    }

    const first = await uploadSeedObjects(options)
    expect(first).toHaveLength(3)
    const rows = async () =>
      (
        await h.sql.query<{ name: string; mimetype: string }>(
          "select name, metadata->>'mimetype' as mimetype from storage.objects where bucket_id = $1 order by name",
          [media],
        )
      ).rows
    expect(await rows()).toEqual([
      { name: 'course-1/lesson-1/captions.vtt', mimetype: 'text/vtt' },
      { name: 'course-1/lesson-1/video.webm', mimetype: 'video/webm' },
      { name: 'readme.txt', mimetype: 'text/plain; charset=utf-8' },
    ])
    const files = h.objectFiles().length

    writeFileSync(path.join(dir, 'media', 'readme.txt'), 'changed')
    await uploadSeedObjects(options)
    expect(await rows()).toHaveLength(3)
    expect(h.objectFiles()).toHaveLength(files)
    const { data, error } = await h.service.storage.from(media).download('readme.txt')
    expect(error).toBeNull()
    expect(await data?.text()).toBe('changed')
  })

  it('reports the Storage API refusal of a file the bucket does not accept', async () => {
    const dir = fixture()
    const covers = await h.bucket('covers', { allowedMimeTypes: ['image/webp'] })
    const options = {
      apiUrl: h.url,
      serviceKey: serviceRoleKey,
      buckets: { [covers]: bucket('cover.png') },
      supabaseDir: dir,
    }
    await expect(uploadSeedObjects(options)).rejects.toThrow(/cover\.png.*\(400\).*mime type/i)
  })
})

// lazyStorage: public URLs exactly as storage-js builds them, without loading it; every other call loads the real
// client once and reaches it with its arguments and `this`.
import { StorageClient } from '@supabase/storage-js'
import { describe, expect, it, vi } from 'vitest'
import { forwardedBucketMethods, forwardedClientMethods, lazyStorage, publicUrl } from './lazy-storage'

const storageUrl = 'http://127.0.0.1:54321/storage/v1'
const real = new StorageClient(storageUrl, {})

type Options = Parameters<ReturnType<StorageClient['from']>['getPublicUrl']>[1]

describe('publicUrl', () => {
  const cases: [string, string, Options][] = [
    ['course-covers', 'c1/cover.webp', undefined],
    ['course-covers', '/c1/cover.webp', {}],
    ['avatars', 'u1/me 1.png', { transform: { width: 96, height: 96, resize: 'cover' } }],
    ['avatars', 'u1/é ü.png', { transform: { width: 640, quality: 70, format: 'origin' } }],
    ['avatars', 'u1/a.png', { transform: {} }],
    ['course-covers', 'c1/cover.webp', { download: true }],
    ['course-covers', 'c1/cover.webp', { download: 'cover & co.webp', transform: { height: 120 } }],
    ['course-covers', 'c1/a#b?c.webp', { transform: { width: 0 } }],
  ]

  it.each(cases)('builds %s/%s %j as storage-js does', (bucket, path, options) => {
    expect(publicUrl(storageUrl, bucket, path, options)).toBe(
      real.from(bucket).getPublicUrl(path, options).data.publicUrl,
    )
  })
})

describe('lazyStorage', () => {
  it('answers public URLs without loading storage-js', () => {
    const create = vi.fn(async () => real)
    const storage = lazyStorage(storageUrl, create)
    const url = storage.from('avatars').getPublicUrl('u1/a.png', { transform: { width: 48 } }).data.publicUrl
    expect(url).toBe(`${storageUrl}/render/image/public/avatars/u1/a.png?width=48`)
    expect(create).not.toHaveBeenCalled()
  })

  it('forwards every async method of a bucket and of the client to storage-js', () => {
    const bucketApi = Object.getPrototypeOf(real.from('x')) as object
    const ownMethods = (prototype: object) =>
      Object.getOwnPropertyNames(prototype).filter(
        (name) =>
          name !== 'constructor' &&
          !name.startsWith('_') &&
          typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function',
      )
    // What storage-js offers a bucket, less the URL built here, the sync error switch and its private helpers.
    const notForwarded = new Set([
      'getPublicUrl',
      'throwOnError',
      'applyTransformOptsToQuery',
      'handleOperation',
      'uploadOrUpdate',
      'encodeMetadata',
      'prepareUploadFormData',
      'toBase64',
    ])
    const bucketMethods = ownMethods(bucketApi).filter((name) => !notForwarded.has(name))
    expect([...forwardedBucketMethods].sort()).toEqual(bucketMethods.sort())
    const clientMethods = new Set(
      [Object.getPrototypeOf(real), Object.getPrototypeOf(Object.getPrototypeOf(real))].flatMap(ownMethods),
    )
    for (const name of forwardedClientMethods) expect(clientMethods).toContain(name)
  })

  it('loads the client once, on the first call that needs it, and forwards arguments', async () => {
    const signed = vi.fn(async function (this: unknown, path: string, expiresIn: number) {
      return { data: { signedUrl: `${path}?${expiresIn}`, self: this }, error: null }
    })
    const files = { createSignedUrl: signed }
    const listBuckets = vi.fn(async () => ({ data: [], error: null }))
    const client = { from: vi.fn(() => files), listBuckets }
    const create = vi.fn(async () => client as unknown as StorageClient)
    const storage = lazyStorage(storageUrl, create)

    const first = await storage.from('course-media').createSignedUrl('c/l/video.webm', 60)
    await storage.from('course-media').createSignedUrl('c/l/captions.vtt', 60)
    await storage.listBuckets()

    expect(create).toHaveBeenCalledTimes(1)
    expect(client.from).toHaveBeenCalledWith('course-media')
    expect(signed).toHaveBeenNthCalledWith(1, 'c/l/video.webm', 60)
    expect(first.data).toEqual({ signedUrl: 'c/l/video.webm?60', self: files })
    expect(listBuckets).toHaveBeenCalledTimes(1)
  })
})

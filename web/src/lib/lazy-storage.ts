// Supabase Storage (storage-js with its analytics and vector bucket clients, about 7 KiB gzip) loaded on the first
// call that talks to Storage: an upload, a removal, a signed URL. A visitor's first load needs only public URLs (course
// covers, avatars), which are strings built without a request: `getPublicUrl` answers at once, built as storage-js
// builds it (lazy-storage.test.ts holds the two side by side).
import type { StorageClient } from '@supabase/storage-js'

type BucketApi = ReturnType<StorageClient['from']>
type PublicUrlOptions = Parameters<BucketApi['getPublicUrl']>[1]

/**
 * The async methods of a bucket (storage-js's StorageFileApi): each loads the client, then forwards. `download`
 * answers as a promise of its result (storage-js's builder also offers `asStream()`, which the app does not use).
 */
export const forwardedBucketMethods = [
  'upload',
  'update',
  'uploadToSignedUrl',
  'createSignedUploadUrl',
  'move',
  'copy',
  'createSignedUrl',
  'createSignedUrls',
  'download',
  'info',
  'exists',
  'remove',
  'list',
  'listV2',
  'purgeCache',
] as const

/** The async methods of the client itself (buckets); `from` is built here. */
export const forwardedClientMethods = [
  'listBuckets',
  'getBucket',
  'createBucket',
  'updateBucket',
  'emptyBucket',
  'deleteBucket',
] as const

/** storage-js's public URL of `path` in `bucket` under `storageUrl` (…/storage/v1). */
export function publicUrl(storageUrl: string, bucket: string, path: string, options?: PublicUrlOptions): string {
  const query = new URLSearchParams()
  if (options?.download) query.set('download', options.download === true ? '' : options.download)
  const transform = options?.transform
  if (transform) {
    if (transform.width) query.set('width', transform.width.toString())
    if (transform.height) query.set('height', transform.height.toString())
    if (transform.resize) query.set('resize', transform.resize)
    if (transform.format) query.set('format', transform.format)
    if (transform.quality) query.set('quality', transform.quality.toString())
  }
  const extra = options as { cacheNonce?: unknown; versionId?: unknown } | undefined
  if (extra?.cacheNonce != null) query.set('cacheNonce', String(extra.cacheNonce))
  if (extra?.versionId != null) query.set('versionId', String(extra.versionId))
  const render = typeof transform === 'object' && transform !== null && Object.keys(transform).length > 0
  const search = query.toString()
  const objectPath = `${bucket}/${path.replace(/^\/+/, '')}`
  return (
    encodeURI(`${storageUrl}/${render ? 'render/image' : 'object'}/public/${objectPath}`) + (search ? `?${search}` : '')
  )
}

export function lazyStorage(storageUrl: string, create: () => Promise<StorageClient>): StorageClient {
  let client: Promise<StorageClient> | undefined
  const load = () => (client ??= create())

  const from = (bucket: string) => {
    const forward =
      (name: (typeof forwardedBucketMethods)[number]) =>
      async (...args: unknown[]): Promise<unknown> => {
        const files = (await load()).from(bucket)
        return (files[name] as (...args: unknown[]) => unknown).apply(files, args)
      }
    return {
      getPublicUrl: (path: string, options?: PublicUrlOptions) => ({
        data: { publicUrl: publicUrl(storageUrl, bucket, path, options) },
      }),
      ...Object.fromEntries(forwardedBucketMethods.map((name) => [name, forward(name)])),
    }
  }

  const forward =
    (name: (typeof forwardedClientMethods)[number]) =>
    async (...args: unknown[]): Promise<unknown> => {
      const storage = await load()
      return (storage[name] as (...args: unknown[]) => unknown).apply(storage, args)
    }
  return {
    from,
    ...Object.fromEntries(forwardedClientMethods.map((name) => [name, forward(name)])),
  } as unknown as StorageClient
}

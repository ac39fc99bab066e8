// Uploads each bucket's `objects_path` folder (config.toml, relative to supabase/) through the Storage API with the
// service key, as the Supabase CLI's `supabase seed buckets` does on `supabase start` and `db reset`: every regular
// file, keyed by its path relative to the folder (a single file: by its name), overwriting what is there.
import { openAsBlob } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { StackConfig } from '../config/index.ts'
import type { ConfigBucket } from '../config/storage.ts'
import { serviceRoleKey } from '../keys/index.ts'
import { step } from '../log.ts'
import { supabaseDir } from '../paths.ts'

export interface SeedObjectsOptions {
  /** Where /storage/v1 is reached: the gateway's URL. */
  apiUrl: string
  /** A service-role key (JWT or sb_secret_…): uploads bypass the buckets' policies, as the CLI's do. */
  serviceKey: string
  buckets: Record<string, ConfigBucket>
  /** The folder objects_path is relative to (supabase/). */
  supabaseDir: string
  /** Parallel uploads; the CLI uses 5. */
  concurrency?: number
}

export interface SeedObject {
  bucket: string
  key: string
  file: string
}

// The CLI sends a type by extension where Go knows one; these are the ones buckets here allow.
const mimeTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.ogg': 'video/ogg',
  '.vtt': 'text/vtt',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

export function contentTypeOf(file: string): string {
  return mimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

async function walk(dir: string): Promise<string[]> {
  const files: string[] = []
  const entries = await readdir(dir, { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) files.push(...(await walk(full)))
    // Like fs.WalkDir in the CLI: symlinks and other non-regular entries are skipped.
    else if (entry.isFile()) files.push(full)
  }
  return files
}

/** The files each bucket's objects_path holds, with their keys. A missing path is an error, as in the CLI. */
export async function listSeedObjects(
  buckets: Record<string, ConfigBucket>,
  supabaseDir: string,
): Promise<SeedObject[]> {
  const objects: SeedObject[] = []
  for (const [bucket, config] of Object.entries(buckets)) {
    if (!config.objectsPath) continue
    const root = path.resolve(supabaseDir, config.objectsPath)
    const stat = await lstat(root).catch(() => undefined)
    if (!stat) {
      throw new Error(
        `supabase/config.toml: [storage.buckets.${bucket}] objects_path "${config.objectsPath}" does not exist (${root})`,
      )
    }
    const files = stat.isDirectory() ? await walk(root) : stat.isFile() ? [root] : []
    for (const file of files) {
      const key = stat.isDirectory() ? path.relative(root, file).split(path.sep).join('/') : path.basename(file)
      objects.push({ bucket, key, file })
    }
  }
  return objects
}

async function upload(options: SeedObjectsOptions, object: SeedObject): Promise<void> {
  const key = object.key.split('/').map(encodeURIComponent).join('/')
  const response = await fetch(`${options.apiUrl}/storage/v1/object/${encodeURIComponent(object.bucket)}/${key}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.serviceKey}`,
      apikey: options.serviceKey,
      'content-type': contentTypeOf(object.file),
      'cache-control': 'max-age=3600',
      'x-upsert': 'true',
    },
    body: await openAsBlob(object.file),
  })
  if (!response.ok) {
    const detail = await response.text()
    throw new Error(`Uploading ${object.file} to ${object.bucket}/${object.key} failed (${response.status}): ${detail}`)
  }
}

/** Uploads (upserts) every objects_path file; returns what was uploaded. */
export async function uploadSeedObjects(options: SeedObjectsOptions): Promise<SeedObject[]> {
  const objects = await listSeedObjects(options.buckets, options.supabaseDir)
  const queue = [...objects]
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await upload(options, next)
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 5, queue.length) }, worker))
  return objects
}

/** The stack's hook: after the database is seeded and storage runs (start, reset), upload the buckets' seed files. */
export async function seedBucketObjects(config: StackConfig, apiUrl: string): Promise<void> {
  const { enabled, buckets } = config.storage
  if (!enabled || !Object.values(buckets).some((b) => b.objectsPath)) return
  await step("upload the buckets' seed objects (config.toml objects_path)", () =>
    uploadSeedObjects({ apiUrl, serviceKey: serviceRoleKey, buckets, supabaseDir }),
  )
}

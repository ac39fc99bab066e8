// Object bytes on the local file system. Each stored version is an immutable file at
// <dataDir>/objects/<2 hex>/<sha256 of bucket and key>/<version>: hashing keeps every valid key (unicode, 1 KiB
// long, differing only in case) a safe path, and a new version never overwrites a file a download is reading.
// Uploads stream into <dataDir>/tmp and are renamed into place only once complete and allowed.
import { createHash, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { errors } from './errors.ts'

export interface Received {
  tmp: string
  size: number
  /** Hex MD5 of the bytes: the object's ETag, as S3 computes it for a single-part upload. */
  md5: string
}

export interface Located {
  bucket: string
  key: string
  version: string
}

// Versions are ours (UUIDs), but rows can be edited through SQL or REST: never let one name a path outside.
const safeVersion = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/

export class DiskStore {
  readonly objectsDir: string
  readonly tmpDir: string

  constructor(dataDir: string) {
    this.objectsDir = path.join(dataDir, 'objects')
    this.tmpDir = path.join(dataDir, 'tmp')
  }

  /** Creates the folders and drops uploads a previous run left unfinished. */
  async init(): Promise<void> {
    await mkdir(this.objectsDir, { recursive: true })
    await mkdir(this.tmpDir, { recursive: true })
    for (const name of await readdir(this.tmpDir)) await rm(path.join(this.tmpDir, name), { force: true })
  }

  /** Where a version's bytes live; undefined for a version no upload of ours could have written. */
  pathOf({ bucket, key, version }: Located): string | undefined {
    if (!safeVersion.test(version)) return undefined
    const digest = createHash('sha256').update(bucket).update('\0').update(key).digest('hex')
    return path.join(this.objectsDir, digest.slice(0, 2), digest, version)
  }

  /** Streams `source` into a new temporary file, failing with EntityTooLarge past `maxBytes`. */
  async receive(source: Readable, maxBytes: number): Promise<Received> {
    const tmp = path.join(this.tmpDir, randomUUID())
    const hash = createHash('md5')
    let size = 0
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > maxBytes) return done(errors.entityTooLarge())
        hash.update(chunk)
        done(null, chunk)
      },
    })
    const file = createWriteStream(tmp, { flags: 'wx' })
    try {
      await pipeline(source, meter, file)
    } catch (error) {
      // A body that fails at once can fail the pipeline while the file is still being opened; the open then
      // completes after a removal, leaving the file behind. Remove it only once the stream has closed.
      if (!file.closed) await once(file, 'close').catch(() => {})
      await rm(tmp, { force: true })
      throw error
    }
    return { tmp, size, md5: hash.digest('hex') }
  }

  /** Moves a received file into place as the given version (same file system: an atomic rename). */
  async place(tmp: string, target: Located): Promise<string> {
    const file = this.mustPath(target)
    await intoFolder(file, () => rename(tmp, file))
    return file
  }

  /** The same bytes under another name (copy, move): a hard link, as versions are never modified. */
  async duplicate(from: Located, to: Located): Promise<string> {
    const source = this.pathOf(from)
    const file = this.mustPath(to)
    if (!source || !(await exists(source))) throw errors.noSuchKey()
    await intoFolder(file, () =>
      link(source, file).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error
        await copyFile(source, file)
      }),
    )
    return file
  }

  /** Best effort: a leftover file costs disk space, a failed request over it would cost more. */
  async remove(target: Located): Promise<void> {
    const file = this.pathOf(target)
    if (!file) return
    await rm(file, { force: true }).catch(() => {})
    await rmdir(path.dirname(file)).catch(() => {}) // only succeeds once the folder is empty
  }

  async discard(file: string | undefined): Promise<void> {
    if (file) await rm(file, { force: true }).catch(() => {})
  }

  private mustPath(target: Located): string {
    const file = this.pathOf(target)
    if (!file) throw new Error(`unsafe object version ${JSON.stringify(target.version)}`)
    return file
  }
}

/**
 * Creates the file's folder and runs `write` in it. A concurrent remove() may delete the folder between the two
 * (it drops empty folders), so a missing folder is created again, once.
 */
async function intoFolder(file: string, write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await mkdir(path.dirname(file), { recursive: true })
    try {
      return await write()
    } catch (error) {
      const folderGone = (error as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(path.dirname(file)))
      if (!folderGone || attempt > 0) throw error
    }
  }
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  )

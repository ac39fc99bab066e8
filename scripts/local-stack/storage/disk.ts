// Object bytes on the local file system. Each stored version is an immutable file at
// <dataDir>/objects/<2 hex>/<sha256 of bucket and key>/<version>: hashing keeps every valid key (unicode, 1 KiB
// long, differing only in case) a safe path, and a new version never overwrites a file a download is reading.
// Uploads stream into <dataDir>/tmp and are renamed into place only once complete and allowed; deletes first move
// the file aside there (undone if the row stays), so a file that cannot be removed never loses its row.
import { createHash, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { errors, StorageError } from './errors.ts'

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

/**
 * A file failure (full or read-only disk, missing folder) as storage-api's backend renders it: a 500 with the error's
 * name and message. Node names the file in the message ("EACCES: permission denied, open '/home/…'"); the path is
 * this machine's, no client's business, so the message ends at the system call, as it does for a failed write.
 */
export function diskError(error: unknown): unknown {
  if (error instanceof StorageError || !(error instanceof Error) || !('syscall' in error)) return error
  const withoutPath = Object.assign(new Error(withoutPaths(error.message)), { name: error.name })
  return errors.backend(withoutPath)
}

/** "EXDEV: cross-device link not permitted, rename '/a' -> '/b'" → "EXDEV: cross-device link not permitted, rename". */
export function withoutPaths(message: string): string {
  return message.replace(/^(.*?, \w+) '[^]*$/, '$1')
}

export class DiskStore {
  readonly objectsDir: string
  readonly tmpDir: string
  /** Temporary files of uploads still being received: never swept. */
  private readonly receiving = new Set<string>()

  constructor(dataDir: string) {
    this.objectsDir = path.join(dataDir, 'objects')
    this.tmpDir = path.join(dataDir, 'tmp')
  }

  /** Creates the folders and drops whatever a previous run left in tmp/ (no upload of this process is running). */
  async init(): Promise<void> {
    await mkdir(this.objectsDir, { recursive: true })
    await mkdir(this.tmpDir, { recursive: true })
    await this.sweep(0)
  }

  /**
   * Removes files in tmp/ that no running upload owns and that nothing has written for `staleMs`: leftovers of a
   * crash, or of a failure whose own clean-up failed. Best effort; answers how many went.
   */
  async sweep(staleMs: number, now = Date.now()): Promise<number> {
    let removed = 0
    for (const name of await readdir(this.tmpDir).catch(() => [])) {
      const file = path.join(this.tmpDir, name)
      if (this.receiving.has(file)) continue
      const info = await stat(file).catch(() => undefined)
      if (!info || now - info.mtimeMs < staleMs) continue
      await rm(file, { recursive: true, force: true }).then(
        () => removed++,
        () => {},
      )
    }
    return removed
  }

  /** The stream an upload's bytes are written to (a seam: tests replace it to fail like a full disk). */
  protected tempStream(file: string): Writable {
    return createWriteStream(file, { flags: 'wx' })
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
    this.receiving.add(tmp)
    try {
      const file = this.tempStream(tmp)
      try {
        await pipeline(source, meter, file)
      } catch (error) {
        // A body that fails at once can fail the pipeline while the file is still being opened; the open then
        // completes after a removal, leaving the file behind. Remove it only once the stream has closed.
        if (!file.closed) await once(file, 'close').catch(() => {})
        await rm(tmp, { force: true }).catch(() => {})
        throw diskError(error)
      }
    } finally {
      this.receiving.delete(tmp)
    }
    return { tmp, size, md5: hash.digest('hex') }
  }

  /** Moves a received file into place as the given version (same file system: an atomic rename). */
  async place(tmp: string, target: Located): Promise<string> {
    const file = this.mustPath(target)
    await intoFolder(file, () => rename(tmp, file)).catch((error: unknown) => {
      throw diskError(error)
    })
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
    ).catch((error: unknown) => {
      throw diskError(error)
    })
    return file
  }

  /**
   * Moves a version's file aside into tmp/ before its row is deleted, so a file that cannot be removed (read-only
   * disk, permissions) fails the delete while the row can still be kept. Undefined when there is no file (storage-api
   * ignores a missing one). Either purge() it after commit or restore() it.
   */
  async retire(target: Located): Promise<string | undefined> {
    const file = this.pathOf(target)
    if (!file) return undefined
    const aside = path.join(this.tmpDir, `deleted-${randomUUID()}`)
    try {
      await this.moveFile(file, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw diskError(error)
    }
    await rmdir(path.dirname(file)).catch(() => {}) // only succeeds once the folder is empty
    return aside
  }

  /** Puts a retired file back (its delete was rolled back). */
  async restore(aside: string, target: Located): Promise<void> {
    const file = this.mustPath(target)
    await intoFolder(file, () => this.moveFile(aside, file))
  }

  /** Removes retired files once their rows are gone; one left behind is swept later. */
  async purge(asides: string[]): Promise<void> {
    for (const aside of asides) await rm(aside, { force: true }).catch(() => {})
  }

  /** A rename (a seam: tests replace it to fail like a read-only disk). */
  protected moveFile(from: string, to: string): Promise<void> {
    return rename(from, to)
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

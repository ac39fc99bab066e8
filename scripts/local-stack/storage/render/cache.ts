// Rendered images on disk, under <dataDir>/render/<sha256 of bucket and key>/<version>-<sha256 of the options>: a
// repeat request is served without decoding anything. The object's version is part of the name, so a replaced object
// never serves an old rendering, and the first render of a new version removes the folder's files of older ones.
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Rendered } from './image.ts'

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex')

export class RenderCache {
  constructor(private readonly dir: string) {}

  private folder(bucket: string, key: string): string {
    return path.join(this.dir, hash(bucket, key))
  }

  private file(bucket: string, key: string, version: string, variant: string): string {
    return path.join(this.folder(bucket, key), `${hash(version)}-${hash(variant)}`)
  }

  async get(bucket: string, key: string, version: string, variant: string): Promise<Rendered | undefined> {
    const file = this.file(bucket, key, version, variant)
    try {
      const [body, mimetype] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')])
      return { body, mimetype }
    } catch {
      return undefined
    }
  }

  /** Best effort: a full disk only costs the next request a render. */
  async put(bucket: string, key: string, version: string, variant: string, rendered: Rendered): Promise<void> {
    const folder = this.folder(bucket, key)
    const file = this.file(bucket, key, version, variant)
    const current = `${hash(version)}-`
    try {
      await mkdir(folder, { recursive: true })
      for (const name of await readdir(folder)) {
        if (!name.startsWith(current) && !name.endsWith('.tmp')) await rm(path.join(folder, name), { force: true })
      }
      const tmp = `${file}.${randomUUID()}.tmp`
      await writeFile(`${tmp}t`, rendered.mimetype)
      await writeFile(tmp, rendered.body)
      await rename(`${tmp}t`, `${file}.type`)
      await rename(tmp, file)
    } catch {
      // The rendering is still answered; only the cache missed it.
    }
  }
}

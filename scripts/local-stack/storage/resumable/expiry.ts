// Unfinished resumable uploads expire: storage-api hands tus an expiration period (TUS_URL_EXPIRY_MS, one hour by
// default and in the CLI), tus answers 410 for an upload past it and sends Upload-Expires, and a sweep on a timer
// removes the bytes and info file of every expired upload, plus any half of a pair whose other half is gone.
import { rmSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

export const defaultExpiryMs = 60 * 60 * 1000

async function creationOf(infoFile: string): Promise<number | undefined> {
  try {
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as { creation_date?: string }
    const created = Date.parse(info.creation_date ?? '')
    return Number.isFinite(created) ? created : undefined
  } catch {
    return undefined
  }
}

/** Removes an upload's bytes and info file, whichever exist. */
export async function removeUpload(dir: string, id: string): Promise<void> {
  await rm(path.join(dir, id), { force: true }).catch(() => {})
  await rm(path.join(dir, `${id}.json`), { force: true }).catch(() => {})
}

/** The same, synchronously: for the moment just before an answer goes out, when nothing may be awaited. */
export function removeUploadNow(dir: string, id: string): void {
  for (const file of [path.join(dir, id), path.join(dir, `${id}.json`)]) {
    try {
      rmSync(file, { force: true })
    } catch {
      // Best effort: the sweep removes what is left.
    }
  }
}

/** Removes what expired uploads left in `dir`; answers how many uploads (or stray files) went. */
export async function sweepExpired(dir: string, expiryMs: number, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')))
  let removed = 0
  for (const id of ids) {
    const bytes = path.join(dir, id)
    const info = `${bytes}.json`
    const paired = names.includes(id) && names.includes(`${id}.json`)
    // A pair ages from its recorded creation; a stray half (a crash between creating the two), or an info file
    // still being written, from its mtime.
    const born =
      (paired ? await creationOf(info) : undefined) ??
      (await stat(names.includes(`${id}.json`) ? info : bytes).then(
        (s) => s.mtimeMs,
        () => undefined,
      ))
    if (born !== undefined && now - born <= expiryMs) continue
    await rm(bytes, { force: true }).catch(() => {})
    await rm(info, { force: true }).catch(() => {})
    removed++
  }
  return removed
}

// Sends a stored version to the client, with the headers storage-api's asset renderer sets: type, length, ETag,
// Last-Modified, Cache-Control (or Expires for a signed URL), Accept-Ranges and Content-Range for seeking,
// Content-Disposition for `?download=`, and X-Content-Type-Options: nosniff so a browser never second-guesses the type.
import { open, type FileHandle } from 'node:fs/promises'
import type { OutgoingHttpHeaders } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { StorageContext, StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { parseRange } from './range.ts'
import type { ObjectRow } from './rows.ts'

export interface RenderOptions {
  /** `?download=`: absent (inline), '' (attachment under its own name) or the name to save as. */
  download: string | null
  /** Signed URLs answer with the token's expiry instead of the object's Cache-Control. */
  expires?: Date
}

/** storage-api serves text/html as text/plain, so an upload can never run as a page on the API's origin. */
const safeType = (type: string) => (type.includes('text/html') ? 'text/plain' : type)

function disposition(download: string | null): string | undefined {
  if (download === null) return undefined
  if (download === '') return 'attachment;'
  const name = encodeURIComponent(download)
  return `attachment; filename=${name}; filename*=UTF-8''${name};`
}

/** The version's file, opened: once open, a concurrent replacement (which unlinks it) cannot cut the download. */
async function openVersion(ctx: StorageContext, row: ObjectRow): Promise<FileHandle> {
  const file = ctx.disk.pathOf({ bucket: row.bucket_id, key: row.name, version: row.version ?? '' })
  const handle = file ? await open(file).catch(() => undefined) : undefined
  // A row without bytes (inserted through SQL, or its file removed) is, to the client, a missing object.
  if (!handle) throw errors.noSuchKey()
  return handle
}

export async function renderObject(
  ctx: StorageContext,
  { req, res, method }: StorageRequest,
  row: ObjectRow,
  options: RenderOptions,
): Promise<void> {
  const handle = await openVersion(ctx, row)
  let streaming = false
  try {
    const stats = await handle.stat()
    const meta = row.metadata ?? {}
    const eTag = meta.eTag ?? `"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`
    const headers: OutgoingHttpHeaders = {
      'Accept-Ranges': 'bytes',
      'Content-Type': safeType(meta.mimetype ?? 'application/octet-stream'),
      ETag: eTag,
      'Last-Modified': new Date(meta.lastModified ?? stats.mtime).toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    }
    if (options.expires) headers.Expires = options.expires.toUTCString()
    else headers['Cache-Control'] = meta.cacheControl ?? 'no-cache'
    const attachment = disposition(options.download)
    if (attachment) headers['Content-Disposition'] = attachment

    if (req.headers['if-none-match'] === eTag) {
      res.writeHead(304, headers).end()
      return
    }
    const range = parseRange(req.headers.range, stats.size)
    if (range.kind === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${stats.size}`)
      throw errors.invalidRange()
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, stats.size - 1]
    headers['Content-Length'] = String(Math.max(0, end - start + 1))
    if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`
    res.writeHead(range.kind === 'part' ? 206 : 200, headers)
    if (method === 'HEAD' || stats.size === 0) {
      res.end()
      return
    }
    streaming = true
    // The stream closes the handle when done; a client hanging up mid-download ends the pipeline early.
    await pipeline(handle.createReadStream({ start, end }), res).catch(() => {})
  } finally {
    if (!streaming) await handle.close()
  }
}

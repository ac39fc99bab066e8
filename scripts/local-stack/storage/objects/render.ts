// Sends a stored version to the client, with the headers storage-api's asset renderer sets: type, length, ETag,
// Last-Modified, Cache-Control (or Expires for a signed URL), Accept-Ranges and Content-Range for seeking,
// Content-Disposition for `?download=`, and X-Content-Type-Options: nosniff so a browser never second-guesses the type.
// Every object also carries Content-Security-Policy: sandbox, so a type that can run script when opened (SVG, XML)
// runs none on the API's origin; HTML and XHTML go out as text/plain, as storage-api sends HTML.
import { open, type FileHandle } from 'node:fs/promises'
import type { OutgoingHttpHeaders } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { StorageContext, StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { parseRange } from './range.ts'
import type { ObjectRow } from './rows.ts'
import { xRobotsTagOf } from '../x-robots-tag.ts'

export interface RenderOptions {
  /** `?download=`: absent (inline), '' (attachment under its own name) or the name to save as. */
  download: string | null
  /** Signed URLs answer with the token's expiry instead of the object's Cache-Control. */
  expires?: Date
  /** Headers that replace the object's own (the S3 protocol's `response-*` overrides). */
  headers?: Record<string, string>
}

/** What Node's http module can send as a header value; anything else would throw ERR_INVALID_CHAR mid-response. */
const headerSafe = /^[\t\x20-\x7e\x80-\xff]*$/

/**
 * storage-api serves text/html as text/plain, so an upload can never run as a page on the API's origin; this does
 * the same for any case (types stored before uploads were lower-cased) and for XHTML. A type that could not be sent
 * as a header goes out as a byte stream.
 */
export function safeType(type: string): string {
  if (!headerSafe.test(type)) return 'application/octet-stream'
  const lower = type.toLowerCase()
  return lower.includes('text/html') || lower.includes('application/xhtml+xml') ? 'text/plain' : type
}

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
      'Content-Security-Policy': 'sandbox',
      'Content-Type': safeType(meta.mimetype ?? 'application/octet-stream'),
      ETag: eTag,
      'Last-Modified': new Date(meta.lastModified ?? stats.mtime).toUTCString(),
      'X-Content-Type-Options': 'nosniff',
      // storage-api's renderer: none unless the object carries a valid x-robots-tag of its own.
      'X-Robots-Tag': xRobotsTagOf(meta.xRobotsTag),
    }
    if (options.expires) headers.Expires = options.expires.toUTCString()
    else
      headers['Cache-Control'] =
        meta.cacheControl && headerSafe.test(meta.cacheControl) ? meta.cacheControl : 'no-cache'
    const attachment = disposition(options.download)
    if (attachment) headers['Content-Disposition'] = attachment
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (!headerSafe.test(value)) continue
      headers[name] = name.toLowerCase() === 'content-type' ? safeType(value) : value
    }

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

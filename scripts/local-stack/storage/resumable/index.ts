// Resumable uploads at /upload/resumable (and signed ones at /upload/resumable/sign): the TUS 1.0 protocol (creation, creation-with-upload, termination,
// expiration) served by @tus/server over @tus/file-store, wired the way storage-api wires them (lifecycle.ts), with
// a lock per upload so that a second request for it stops the first (tus' "latest request wins"), and a timer that
// sweeps expired uploads. Upload bytes live in <dataDir>/resumable until the last one makes them an object.
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { MemoryLocker, Server } from '@tus/server'
import type { ResumableUploads, StorageContext } from '../context.ts'
import { errors } from '../errors.ts'
import { discardBody } from '../http.ts'
import { defaultExpiryMs, removeUpload, removeUploadNow, sweepExpired } from './expiry.ts'
import { lifecycle, nodeRequestOf, type TusCall } from './lifecycle.ts'
import { encodeUploadId } from './upload-id.ts'

export interface ResumableOptions {
  /** How long an unfinished upload may be resumed (storage-api's TUS_URL_EXPIRY_MS). */
  expiryMs?: number
  /** How often expired uploads are swept. */
  sweepIntervalMs?: number
}

/** The path the client used before /upload/resumable ("/storage/v1" behind the gateway), for upload URLs. */
function mountOf(req: IncomingMessage, path: string): string {
  const pathname = (req.url ?? '').split('?')[0]!
  return pathname.endsWith(path) ? pathname.slice(0, pathname.length - path.length) : ''
}

export function createResumableUploads(
  ctx: StorageContext,
  dataDir: string,
  options: ResumableOptions = {},
): ResumableUploads {
  const dir = path.join(dataDir, 'resumable')
  const expiryMs = options.expiryMs ?? defaultExpiryMs
  const calls = new WeakMap<IncomingMessage, TusCall & { mount: string }>()
  const callOf = (req: Parameters<typeof nodeRequestOf>[0]) => {
    const node = nodeRequestOf(req)
    const call = node && calls.get(node)
    if (!call) throw errors.internal()
    return call
  }
  const datastore = new FileStore({ directory: dir, expirationPeriodInMilliseconds: expiryMs })
  const tus = new Server({
    path: '/upload/resumable',
    datastore,
    locker: new MemoryLocker({ acquireLockTimeout: 5000 }),
    respectForwardedHeaders: true,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ['Authorization', 'X-Upsert', 'Upload-Expires', 'ApiKey', 'x-signature'],
    generateUrl(req, { proto, host }) {
      const call = callOf(req)
      // storage-api keeps /sign in the upload URL of a signed creation.
      const base = call.signed ? '/upload/resumable/sign' : '/upload/resumable'
      return `${proto}://${host}${call.mount}${base}/${encodeUploadId(call.target!)}`
    },
    ...lifecycle(ctx, dir, callOf),
  })

  const sweep = () => sweepExpired(dir, expiryMs)
  let sweeper: NodeJS.Timeout | undefined

  return {
    async handle(_ctx, request) {
      const { req, res } = request
      const call: TusCall & { mount: string } = {
        request,
        upsert: req.headers['x-upsert'] === 'true',
        mount: mountOf(req, request.path),
        signed: request.path === '/upload/resumable/sign' || request.path.startsWith('/upload/resumable/sign/'),
      }
      calls.set(req, call)
      // A finished upload is an object now, or was refused: either way its bytes and info go before the answer
      // does, so a client that hears back finds nothing left of the upload.
      const writeHead = res.writeHead as (this: typeof res, ...args: unknown[]) => typeof res
      res.writeHead = function (this: typeof res, ...args: unknown[]) {
        if (call.finished) removeUploadNow(dir, call.finished)
        return writeHead.apply(this, args)
      } as typeof res.writeHead
      try {
        await tus.handle(req, res)
      } finally {
        calls.delete(req)
        if (call.finished) await removeUpload(dir, call.finished)
        // tus answers refusals without reading the body; drain it so the connection stays usable.
        discardBody(req)
      }
    },
    start() {
      void sweep()
      sweeper = setInterval(
        () => {
          sweep().then(
            (removed) => removed > 0 && ctx.log(`removed ${removed} expired resumable upload(s)`),
            (error: Error) => ctx.log(`sweeping resumable uploads: ${error.message}`),
          )
        },
        options.sweepIntervalMs ?? 5 * 60_000,
      )
      sweeper.unref()
    },
    stop() {
      clearInterval(sweeper)
    },
    sweep,
  }
}

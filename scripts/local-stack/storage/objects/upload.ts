// One upload, start to finish, as storage-api's uploader runs it: find the bucket and its limits, read the file's
// type and size claims, check RLS with a dry-run insert as the caller, stream the bytes to a temporary file, then in
// one transaction as the server lock the name, refuse a duplicate (unless upsert), rename the file into place and
// write the row. Any failure on the way removes the temporary or placed file; the old version goes after commit.
import { randomUUID } from 'node:crypto'
import { serviceCaller, type Caller } from '../caller.ts'
import { scopeOf, type StorageContext, type StorageRequest } from '../context.ts'
import type { Located, Received } from '../disk.ts'
import { errors, StorageError } from '../errors.ts'
import { readIncoming, type IncomingLimits, type IncomingUpload } from '../incoming.ts'
import { isEmptyFolder, mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { validateXRobotsTag } from '../x-robots-tag.ts'
import { findObject, lockName, mustFindBucket, objectId, writeObject, type ObjectMetadata } from './rows.ts'

export interface UploadTarget {
  bucket: string | undefined
  key: string | undefined
  /** Recorded as owner_id (and owner when a uuid). */
  owner: string | undefined
  upsert: boolean
  /** Whose RLS decides: the caller, or the server for signed-URL uploads (the URL was the permission). */
  checkAs: Caller
  /** Reads the file from the request (default: a form or raw body, incoming.ts; the S3 protocol brings its own). */
  incoming?: (limits: IncomingLimits) => Promise<IncomingUpload>
}

export async function storeUpload(
  ctx: StorageContext,
  request: StorageRequest,
  target: UploadTarget,
): Promise<{ id: string; path: string; eTag: string }> {
  const { bucket, key, owner, upsert } = target
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const asServer = scopeOf(request, serviceCaller)
  const limits = await ctx.db.run(asServer, (tx) => mustFindBucket(tx, bucket))
  // storage-api's fileUploadFromRequest checks the header before it reads the body.
  const header = request.req.headers['x-robots-tag']
  const xRobotsTag = Array.isArray(header) ? header.join(', ') : header
  if (xRobotsTag) validateXRobotsTag(xRobotsTag)
  const folder = isEmptyFolder(key)
  const maxBytes = folder ? 0 : Math.min(ctx.settings.fileSizeLimit, limits.file_size_limit ?? Infinity)
  const read = target.incoming ?? ((given: IncomingLimits) => readIncoming(request.req, given))
  const incoming = await read({ maxBytes, allowedMimeTypes: folder ? [] : (limits.allowed_mime_types ?? []) })
  const version = randomUUID()
  let received: Received | undefined
  let placed: Located | undefined
  try {
    await ctx.db.dryRun(scopeOf(request, target.checkAs), (tx) =>
      writeObject(
        tx,
        {
          bucket,
          name: key,
          owner,
          version,
          metadata: { mimetype: incoming.mimeType, contentLength: incoming.contentLength },
          userMetadata: incoming.userMetadata,
        },
        upsert,
      ),
    )
    received = await ctx.disk.receive(incoming.body, maxBytes).catch((error: Error) => {
      // A body that broke off (the client hung up, the form ended early) is the request's fault; a failing disk
      // comes back from disk.ts as storage-api's backend error.
      throw error instanceof StorageError ? error : errors.noContent(error.message)
    })
    await incoming.finished.catch((error: Error) => {
      throw errors.noContent(error.message)
    })
    const metadata: ObjectMetadata = {
      eTag: `"${received.md5}"`,
      size: received.size,
      mimetype: incoming.mimeType,
      cacheControl: incoming.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.size,
      httpStatusCode: 200,
      ...(xRobotsTag ? { xRobotsTag } : {}),
    }
    const tmp = received.tmp
    const { id, previous } = await ctx.db.run(asServer, async (tx) => {
      await lockName(tx, bucket, key)
      const current = await findObject(tx, bucket, key, true)
      if (current && !upsert) throw errors.keyAlreadyExists()
      placed = { bucket, key, version }
      await ctx.disk.place(tmp, placed)
      await writeObject(tx, { bucket, name: key, owner, version, metadata, userMetadata: incoming.userMetadata }, true)
      return { id: await objectId(tx, bucket, key), previous: current?.version }
    })
    if (previous) await ctx.disk.remove({ bucket, key, version: previous })
    return { id, path: `${bucket}/${key}`, eTag: metadata.eTag }
  } catch (error) {
    incoming.abandon()
    await ctx.disk.discard(received?.tmp)
    if (placed) await ctx.disk.remove(placed)
    throw error
  }
}

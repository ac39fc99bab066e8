// The last step of a resumable upload, as storage-api's Uploader.completeUpload takes it: once every byte is in, the
// upload becomes an ordinary object version. In one transaction the name is locked and looked up as the server (an
// existing object without x-upsert is a 409), then the row is written as the caller, so RLS decides a second time
// with the object's real metadata; the bytes are hard-linked into place and the old version goes after commit.
import { randomUUID, createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, link } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type StorageContext, type StorageRequest } from '../context.ts'
import { diskError, type Located } from '../disk.ts'
import { errors } from '../errors.ts'
import { parseJsonObject } from '../incoming.ts'
import { findObject, lockName, writeObject, type ObjectMetadata } from '../objects/rows.ts'
import type { UploadTarget } from './upload-id.ts'

export interface FinishedUpload {
  target: UploadTarget
  /** The upload's bytes under the resumable folder. */
  file: string
  size: number
  metadata: Record<string, string | null | undefined>
  upsert: boolean
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** storage-api reads the `metadata` field of Upload-Metadata as JSON and ignores it when it does not parse. */
function userMetadataOf(text: string | null | undefined): Record<string, unknown> | undefined {
  return text ? parseJsonObject(text) : undefined
}

/** A second name for the upload's bytes in tmp/, so that placing the object leaves the upload itself intact. */
async function linkIntoTmp(ctx: StorageContext, file: string): Promise<string> {
  const tmp = path.join(ctx.disk.tmpDir, randomUUID())
  await link(file, tmp).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw diskError(error)
    await copyFile(file, tmp).catch((copyError: unknown) => {
      throw diskError(copyError)
    })
  })
  return tmp
}

export async function completeUpload(
  ctx: StorageContext,
  request: StorageRequest,
  upload: FinishedUpload,
): Promise<void> {
  const { bucket, key, version } = upload.target
  const md5 = await md5Of(upload.file).catch((error: unknown) => {
    throw diskError(error)
  })
  const metadata: ObjectMetadata = {
    eTag: `"${md5}"`,
    size: upload.size,
    mimetype: upload.metadata.contentType || 'application/octet-stream',
    cacheControl: upload.metadata.cacheControl || 'no-cache',
    lastModified: new Date().toISOString(),
    contentLength: upload.size,
    httpStatusCode: 200,
  }
  const tmp = await linkIntoTmp(ctx, upload.file)
  let placed: Located | undefined
  try {
    const previous = await ctx.db.run(scopeOf(request), async (tx) => {
      await tx.setScope(scopeOf(request, serviceCaller))
      await lockName(tx, bucket, key)
      const current = await findObject(tx, bucket, key, true)
      if (current && !upload.upsert) throw errors.keyAlreadyExists()
      await tx.setScope(scopeOf(request))
      const object = {
        bucket,
        name: key,
        owner: request.caller.sub,
        version,
        metadata,
        userMetadata: userMetadataOf(upload.metadata.metadata),
      }
      await writeObject(tx, object, upload.upsert)
      placed = { bucket, key, version }
      await ctx.disk.place(tmp, placed)
      return current?.version ?? undefined
    })
    if (previous && previous !== version) await ctx.disk.remove({ bucket, key, version: previous })
  } catch (error) {
    await ctx.disk.discard(tmp)
    if (placed) await ctx.disk.remove(placed)
    throw error
  }
}

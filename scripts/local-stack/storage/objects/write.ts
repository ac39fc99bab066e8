// Uploading: POST (x-upsert decides) and PUT (update: always upsert) to /object/{bucket}/{key}, and the signed upload
// pair (create a signed upload URL after a dry-run of the caller's RLS, then upload through it as the server with
// the owner and upsert the token carries). Routes of storage-api's createObject, updateObject, getSignedUploadURL
// and uploadSignedObject.
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler } from '../context.ts'
import { sendJson } from '../../http/json.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { writeObject } from './rows.ts'
import { signObjectToken, verifyObjectToken } from './signing.ts'
import { storeUpload } from './upload.ts'

/** storage-api's uploadSignedUrlExpirationTime default: two hours. */
const signedUploadSeconds = 7200

export const uploadObject: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  const upsert = request.method === 'PUT' || request.req.headers['x-upsert'] === 'true'
  const { id, path } = await storeUpload(ctx, request, {
    bucket,
    key,
    owner: request.caller.sub,
    upsert,
    checkAs: request.caller,
  })
  sendJson(request.res, 200, { Id: id, Key: path })
}

export const createSignedUploadUrl: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const upsert = request.req.headers['x-upsert'] === 'true'
  const owner = request.caller.sub
  await ctx.db.dryRun(scopeOf(request), (tx) =>
    writeObject(tx, { bucket, name: key, owner, version: 'signed', metadata: {}, userMetadata: undefined }, upsert),
  )
  const url = `${bucket}/${key}`
  const token = signObjectToken(ctx.keys, url, 'upload', signedUploadSeconds, { ...(owner && { owner }), upsert })
  sendJson(request.res, 200, { url: `/object/upload/sign/${url}?token=${token}`, token })
}

export const uploadToSignedUrl: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const claims = await verifyObjectToken(ctx.keys, request.query.get('token'), `${bucket}/${key}`, 'upload')
  const { id, path } = await storeUpload(ctx, request, {
    bucket,
    key,
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
    upsert: claims.upsert === true,
    checkAs: serviceCaller,
  })
  sendJson(request.res, 200, { Key: path, Id: id })
}

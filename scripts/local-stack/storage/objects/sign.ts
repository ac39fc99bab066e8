// Signed download URLs, one (`createSignedUrl`) or many (`createSignedUrls`): the caller must be able to SELECT the
// object under RLS; the answer is a path with a token that expires after `expiresIn` seconds. storage-api's
// getSignedURL and getSignedURLs routes, with their body validation.
import { scopeOf, type Handler } from '../context.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { readJson } from '../http.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { mustFindObject } from './rows.ts'
import { optionsFromBody, segments } from '../render/options.ts'
import { signObjectToken } from './signing.ts'

/**
 * storage-api's `expiresIn: { type: 'integer', minimum: 1 }` (no maximum) as Fastify's Ajv applies it, coercion
 * included: a numeric string, a boolean, null or a one-item array becomes a number first, so "60" signs for a minute
 * and null fails the minimum. Fractions, other strings, objects and non-finite numbers (1e400) are not integers.
 */
function expiresIn(body: Record<string, unknown>): number {
  let value = body.expiresIn
  if (value === undefined) throw errors.validation("body must have required property 'expiresIn'")
  if (Array.isArray(value) && value.length === 1) value = value[0] as unknown
  if (typeof value === 'boolean' || value === null) value = Number(value)
  else if (typeof value === 'string' && value !== '' && Number(value) === Number(value)) value = Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value)) throw errors.validation('body/expiresIn must be integer')
  if (value < 1) throw errors.validation('body/expiresIn must be >= 1')
  return value
}

export const signObjectUrl: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  const body = await readJson(request.req)
  const seconds = expiresIn(body)
  // `transform` makes it a link to the rendered image, its options fixed in the token (storage-api keeps the
  // caller's resize word there: "resize:cover").
  const transformations = body.transform === undefined ? '' : segments(optionsFromBody(body.transform), true).join(',')
  mustBeValidKey(key)
  await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  const url = `${bucket}/${key}`
  const token = signObjectToken(ctx.keys, url, 'download', seconds, transformations ? { transformations } : {})
  const route = transformations ? 'render/image' : 'object'
  sendJson(request.res, 200, { signedURL: `/${route}/sign/${url}?token=${token}` })
}

export const signObjectUrls: Handler = async (ctx, request) => {
  const { bucket } = request.params
  mustBeValidBucketName(bucket)
  const body = await readJson(request.req)
  const seconds = expiresIn(body)
  const paths = body.paths
  if (paths === undefined) throw errors.validation("body must have required property 'paths'")
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw errors.validation('body/paths must be array of strings')
  }
  if (paths.length === 0) throw errors.validation('body/paths must NOT have fewer than 1 items')
  const visible = await ctx.db.run(scopeOf(request), (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [
      bucket,
      paths,
    ]),
  )
  const names = new Set(visible.map((row) => row.name))
  sendJson(
    request.res,
    200,
    (paths as string[]).map((path) => {
      if (!names.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }
      }
      const url = `${bucket}/${path}`
      return {
        error: null,
        path,
        signedURL: `/object/sign/${url}?token=${signObjectToken(ctx.keys, url, 'download', seconds)}`,
      }
    }),
  )
}

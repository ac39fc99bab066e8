// Buckets: list, get, create, update, empty and delete, each under RLS on storage.buckets as the caller (storage-api's
// bucket routes). Sizes are bytes or "20MB"-style strings, capped by the server-wide limit; allowed MIME types may
// use wildcards such as image/*.
import { serviceCaller } from './caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from './context.ts'
import { errors } from './errors.ts'
import { sendJson } from '../http/json.ts'
import { readJson } from './http.ts'
import { ownerUuid, type ObjectRow } from './objects/rows.ts'
import { escapeLike, mustBeValidBucketName, parseFileSizeLimit, validateBucketMimeTypes } from './validate.ts'

const listColumns = 'id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types, type'
const getColumns = 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types'
const sortColumns = ['id', 'name', 'created_at', 'updated_at']

function bucketId(request: StorageRequest): string {
  const { bucket } = request.params
  mustBeValidBucketName(bucket)
  return bucket
}

/** The limit and types of a create/update body; undefined fields stay as they are. */
function limits(ctx: StorageContext, body: Record<string, unknown>) {
  const size = body.file_size_limit
  let fileSizeLimit: number | null | undefined
  if (size === null) fileSizeLimit = null
  else if (typeof size === 'number' || typeof size === 'string') {
    fileSizeLimit = parseFileSizeLimit(size)
    if (fileSizeLimit > ctx.settings.fileSizeLimit) throw errors.entityTooLarge()
  } else if (size !== undefined) throw errors.validation('body/file_size_limit must be integer')
  const types = body.allowed_mime_types
  if (types !== undefined && types !== null && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) {
    throw errors.validation('body/allowed_mime_types must be array')
  }
  const allowedMimeTypes = Array.isArray(types) ? (types as string[]).filter((t) => t) : (types as null | undefined)
  if (allowedMimeTypes) validateBucketMimeTypes(allowedMimeTypes)
  if (body.public !== undefined && typeof body.public !== 'boolean')
    throw errors.validation('body/public must be boolean')
  return { fileSizeLimit, allowedMimeTypes, isPublic: body.public as boolean | undefined }
}

export const listBuckets: Handler = async (ctx, request) => {
  const q = request.query
  const where: string[] = []
  const values: unknown[] = []
  const search = q.get('search')
  // storage-api escapes LIKE's wildcards: `_` and `%` in a search are themselves.
  if (search) where.push(`name ilike $${values.push(`%${escapeLike(search)}%`)}`)
  const column = q.get('sortColumn')
  if (column !== null && !sortColumns.includes(column))
    throw errors.validation('querystring/sortColumn must be equal to one of the allowed values')
  const order = q.get('sortOrder')
  if (order !== null && order !== 'asc' && order !== 'desc')
    throw errors.validation('querystring/sortOrder must be equal to one of the allowed values')
  const paging = (name: string, minimum: number) => {
    const raw = q.get(name)
    if (raw === null) return ''
    const n = Number(raw)
    if (!Number.isInteger(n) || n < minimum) throw errors.validation(`querystring/${name} must be >= ${minimum}`)
    return ` ${name} $${values.push(n)}`
  }
  const sql =
    `select ${listColumns} from storage.buckets${where.length ? ` where ${where.join(' and ')}` : ''}` +
    (column ? ` order by ${column} ${order ?? 'asc'}` : '') +
    paging('limit', 1) +
    paging('offset', 0)
  sendJson(request.res, 200, await ctx.db.run(scopeOf(request), (tx) => tx.query(sql, values)))
}

export const getBucket: Handler = async (ctx, request) => {
  const id = bucketId(request)
  const [row] = await ctx.db.run(scopeOf(request), (tx) =>
    tx.query(`select ${getColumns} from storage.buckets where id = $1`, [id]),
  )
  if (!row) throw errors.noSuchBucket()
  sendJson(request.res, 200, row)
}

export const createBucket: Handler = async (ctx, request) => {
  const body = await readJson(request.req)
  if (body.name === undefined) throw errors.validation("body must have required property 'name'")
  if (typeof body.name !== 'string' || (body.id !== undefined && typeof body.id !== 'string')) {
    throw errors.validation('body/name must be string')
  }
  const name = body.name
  const id = (body.id as string | undefined) || name
  if (name.trim() !== name) throw errors.invalidBucketName()
  mustBeValidBucketName(name)
  mustBeValidBucketName(id)
  if (body.type === 'ANALYTICS') throw errors.featureNotEnabled('iceberg_catalog')
  const { fileSizeLimit, allowedMimeTypes, isPublic } = limits(ctx, body)
  await insertBucket(ctx, request, { id, name, isPublic, fileSizeLimit, allowedMimeTypes })
  sendJson(request.res, 200, { name })
}

/** Creates a bucket as the caller (RLS on storage.buckets decides), owned by the caller's sub. */
export async function insertBucket(
  ctx: StorageContext,
  request: StorageRequest,
  bucket: {
    id: string
    name: string
    isPublic?: boolean
    fileSizeLimit?: number | null
    allowedMimeTypes?: string[] | null
  },
): Promise<void> {
  const owner = request.caller.sub
  const { id, name, isPublic, fileSizeLimit, allowedMimeTypes } = bucket
  await ctx.db.run(scopeOf(request), (tx) =>
    tx.exec(
      'insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) ' +
        'values ($1, $2, $3, $4, $5, $6, $7)',
      [id, name, ownerUuid(owner), owner ?? null, isPublic ?? false, fileSizeLimit ?? null, allowedMimeTypes ?? null],
    ),
  )
}

export const updateBucket: Handler = async (ctx, request) => {
  const id = bucketId(request)
  const { fileSizeLimit, allowedMimeTypes, isPublic } = limits(ctx, await readJson(request.req))
  const sets: string[] = ['updated_at = now()']
  const values: unknown[] = [id]
  if (isPublic !== undefined) sets.push(`public = $${values.push(isPublic)}`)
  if (fileSizeLimit !== undefined) sets.push(`file_size_limit = $${values.push(fileSizeLimit)}`)
  if (allowedMimeTypes !== undefined) sets.push(`allowed_mime_types = $${values.push(allowedMimeTypes)}`)
  const count = await ctx.db.run(scopeOf(request), (tx) =>
    tx.exec(`update storage.buckets set ${sets.join(', ')} where id = $1`, values),
  )
  if (count === 0) throw errors.noSuchBucket()
  sendJson(request.res, 200, { message: 'Successfully updated' })
}

export const emptyBucket: Handler = async (ctx, request) => {
  const id = bucketId(request)
  await readJson(request.req, true)
  const [first] = await ctx.db.run(scopeOf(request), async (tx) => {
    const [bucket] = await tx.query('select id from storage.buckets where id = $1', [id])
    if (!bucket) throw errors.noSuchBucket()
    return tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 limit 1', [id])
  })
  if (first) {
    // storage-api checks the caller may delete (one object, dry run), then deletes everything as the server.
    await ctx.db.dryRun(scopeOf(request), async (tx) => {
      const count = await tx.exec('delete from storage.objects where bucket_id = $1 and name = $2', [id, first.name])
      if (count === 0) throw errors.accessDenied('Access denied')
    })
    const rows = await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
      tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 returning bucket_id, name, version', [id]),
    )
    for (const row of rows) {
      if (row.version) await ctx.disk.remove({ bucket: row.bucket_id, key: row.name, version: row.version })
    }
  }
  sendJson(request.res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' })
}

export const deleteBucket: Handler = async (ctx, request) => {
  const id = bucketId(request)
  await readJson(request.req, true)
  await dropBucket(ctx, request, id)
  sendJson(request.res, 200, { message: 'Successfully deleted' })
}

/** Deletes an empty bucket as the caller: NoSuchBucket when it is not there or RLS hides it, ResourceNotEmpty. */
export async function dropBucket(ctx: StorageContext, request: StorageRequest, id: string): Promise<void> {
  await ctx.db.run(scopeOf(request, serviceCaller), async (tx) => {
    const [bucket] = await tx.query('select id from storage.buckets where id = $1 for update', [id])
    if (!bucket) throw errors.noSuchBucket()
    const [inside] = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])
    if (inside) throw errors.bucketNotEmpty()
    await tx.setScope(scopeOf(request))
    // storage-api answers "not found" when RLS lets the caller see the bucket but not delete it.
    if ((await tx.exec('delete from storage.buckets where id = $1', [id])) === 0) throw errors.noSuchBucket()
  })
}

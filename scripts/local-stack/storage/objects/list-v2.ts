// `listV2()`: POST /object/list-v2/{bucket} with {prefix, limit, cursor, with_delimiter, sortBy}, answered as
// storage-api's listObjectsV2 answers it: {hasNext, nextCursor, nextCursorKey, folders, objects}, one page of at most
// `limit` (1000 at most) entries, run as the caller so RLS decides what shows.
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { readJson } from '../http.ts'
import { decodeCursor, encodeCursor, type Cursor } from './list-cursor.ts'

export interface Entry {
  id: string | null
  name: string
  updated_at?: Date | null
  created_at?: Date | null
  [column: string]: unknown
}

type Body = Record<string, unknown>

/** Fastify's Ajv (coerceTypes) turns scalars into the schema's type before checking it. */
function coerce(value: unknown, type: 'string' | 'integer' | 'boolean'): unknown {
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value)
  if (type === 'string' && value === null) return ''
  if (type === 'integer') {
    if (typeof value === 'boolean' || value === null) return Number(value)
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  }
  if (type === 'boolean') {
    if (value === 'true' || value === 1) return true
    if (value === 'false' || value === 0 || value === null) return false
  }
  return value
}

function field(body: Body, path: string, name: string, type: 'string' | 'integer' | 'boolean'): unknown {
  if (body[name] === undefined) return undefined
  const value = coerce(body[name], type)
  const ok = type === 'integer' ? typeof value === 'number' && Number.isInteger(value) : typeof value === type // string, boolean
  if (!ok) throw errors.validation(`${path}/${name} must be ${type}`)
  return value
}

function oneOf(body: Body, path: string, name: string, allowed: string[]): string | undefined {
  const value = field(body, path, name, 'string') as string | undefined
  if (value !== undefined && !allowed.includes(value)) {
    throw errors.validation(`${path}/${name} must be equal to one of the allowed values`)
  }
  return value
}

/** The route's body schema, checked in its property order as Ajv reports the first failure. */
function parseBody(body: Body) {
  const prefix = field(body, 'body', 'prefix', 'string') as string | undefined
  const limit = field(body, 'body', 'limit', 'integer') as number | undefined
  if (limit !== undefined && limit < 1) throw errors.validation('body/limit must be >= 1')
  const cursor = field(body, 'body', 'cursor', 'string') as string | undefined
  const withDelimiter = field(body, 'body', 'with_delimiter', 'boolean') as boolean | undefined
  let sortBy: { column: string; order?: string } | undefined
  if (body.sortBy !== undefined) {
    const raw = body.sortBy
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw errors.validation('body/sortBy must be object')
    const column = oneOf(raw as Body, 'body/sortBy', 'column', ['name', 'updated_at', 'created_at'])
    const order = oneOf(raw as Body, 'body/sortBy', 'order', ['asc', 'desc'])
    if (column === undefined) throw errors.validation("body/sortBy must have required property 'column'")
    sortBy = { column, order }
  }
  return { prefix, limit, cursor, withDelimiter, sortBy }
}

/** storage-api's database query: search_v2 with a delimiter, else a flat scan of storage.objects. */
async function search(
  tx: { query<T>(sql: string, values: unknown[]): Promise<T[]> },
  bucket: string,
  prefix: string,
  delimiter: boolean,
  maxKeys: number,
  cursor: Cursor | undefined,
  sort: { column?: string; order?: string },
): Promise<Entry[]> {
  if (delimiter) {
    const levels = prefix === '' ? 1 : prefix.split('/').length
    return tx.query<Entry>('select * from storage.search_v2($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucket,
      maxKeys,
      levels,
      cursor?.startAfter ?? '',
      sort.order ?? 'asc',
      sort.column ?? 'name',
      cursor?.sortColumnAfter ?? null,
    ])
  }
  const values: unknown[] = [bucket, maxKeys]
  const where = ['bucket_id = $1']
  const column = sort.column === 'updated_at' || sort.column === 'created_at' ? sort.column : undefined
  const order = sort.order === 'desc' ? 'desc' : 'asc'
  const after = order === 'asc' ? '>' : '<'
  if (prefix !== '') {
    values.push(`${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    where.push(`name like $${values.length}`)
  }
  if (cursor?.startAfter) {
    if (column && cursor.sortColumnAfter) {
      values.push(cursor.sortColumnAfter, cursor.startAfter)
      where.push(
        `row(date_trunc('milliseconds', ${column}), name collate "C") ${after} ` +
          `row(coalesce(nullif($${values.length - 1}, '')::timestamptz, 'epoch'::timestamptz), $${values.length})`,
      )
    } else {
      values.push(cursor.startAfter)
      where.push(`name collate "C" ${after} $${values.length}`)
    }
  }
  return tx.query<Entry>(
    'select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects ' +
      `where ${where.join(' and ')} order by ${column ? `${column} ${order}, ` : ''}name collate "C" ${order} limit $2`,
    values,
  )
}

export const listObjectsV2: Handler = async (ctx, request) => {
  const { bucket } = request.params as { bucket: string }
  const body = parseBody(await readJson(request.req))
  const page = await listPage(ctx, request, bucket, {
    prefix: body.prefix || '',
    limit: Math.min(body.limit || 1000, 1000),
    cursor: body.cursor ? decodeCursor(body.cursor) : undefined,
    withDelimiter: body.withDelimiter === true,
    sortBy: body.sortBy,
  })
  sendJson(request.res, 200, page)
}

export interface ListQuery {
  prefix: string
  limit: number
  cursor: Cursor | undefined
  withDelimiter: boolean
  sortBy?: { column?: string; order?: string }
}

export interface ListPage {
  hasNext: boolean
  nextCursor?: string
  nextCursorKey?: string
  folders: Entry[]
  objects: Entry[]
}

/** One page of a bucket's objects (and, with the delimiter, folders) as the caller sees them under RLS. */
export async function listPage(
  ctx: StorageContext,
  request: StorageRequest,
  bucket: string,
  { prefix, limit, cursor, withDelimiter, sortBy }: ListQuery,
): Promise<ListPage> {
  // A cursor carries the sort it was issued under and wins over the body's.
  const sort = { column: cursor?.sortColumn || sortBy?.column, order: cursor?.sortOrder || sortBy?.order }
  let rows = await ctx.db.run(scopeOf(request), (tx) =>
    search(tx, bucket, prefix, withDelimiter, limit + 1, cursor, sort),
  )
  if (withDelimiter) {
    // Names deeper than one level below the prefix collapse into their folder (search_v2 already does it).
    const collapsed: Entry[] = []
    let previous = ''
    for (const row of rows) {
      const at = row.name.replace(prefix, '').indexOf('/')
      if (at < 0) {
        collapsed.push(row)
        continue
      }
      const folder = row.name.slice(0, prefix.length + at + 1)
      if (folder !== previous) collapsed.push({ id: null, name: folder })
      previous = folder
    }
    rows = collapsed
  }
  const hasNext = rows.length > limit
  const page = rows.slice(0, limit)
  const folders: Entry[] = []
  const objects: Entry[] = []
  for (const row of page) {
    if (row.id === null) folders.push({ ...row, name: row.name.endsWith('/') ? row.name : `${row.name}/` })
    else objects.push(row)
  }
  const last = page[page.length - 1]
  let next: { nextCursor: string; nextCursorKey: string } | undefined
  if (hasNext && last) {
    const column = sort.column as 'name' | 'updated_at' | 'created_at' | undefined
    const stamp = column && column !== 'name' ? last[column] : undefined
    next = {
      nextCursor: encodeCursor({
        startAfter: last.name,
        sortOrder: sort.order,
        sortColumn: column,
        sortColumnAfter: stamp ? new Date(stamp).toISOString() : undefined,
      }),
      nextCursorKey: last.name,
    }
  }
  return { hasNext, ...next, folders, objects }
}

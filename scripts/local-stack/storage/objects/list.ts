// `list()`: POST /object/list/{bucket} with {prefix, limit, offset, sortBy, search}, answered by storage.search()
// called as the caller, so RLS decides which objects (and so which folders) show. storage-api's listObjects route,
// with its body schema's answers.
import { scopeOf, type Handler } from '../context.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { readJson } from '../http.ts'
import { escapeLike, mustBeValidBucketName } from '../validate.ts'

const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at']

function integer(body: Record<string, unknown>, name: string, fallback: number, minimum: number): number {
  const value = body[name]
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value)) throw errors.validation(`body/${name} must be integer`)
  if (value < minimum) throw errors.validation(`body/${name} must be >= ${minimum}`)
  return value
}

function sortBy(body: Record<string, unknown>): { column: string; order: string } {
  const value = body.sortBy
  if (value === undefined) return { column: 'name', order: 'asc' }
  if (value === null || typeof value !== 'object') throw errors.validation('body/sortBy must be object')
  const { column, order } = value as Record<string, unknown>
  if (column === undefined) throw errors.validation("body/sortBy must have required property 'column'")
  if (typeof column !== 'string' || !sortColumns.includes(column)) {
    throw errors.validation('body/sortBy/column must be equal to one of the allowed values')
  }
  if (order !== undefined && order !== 'asc' && order !== 'desc') {
    throw errors.validation('body/sortBy/order must be equal to one of the allowed values')
  }
  return { column, order: order ?? 'asc' }
}

export const listObjects: Handler = async (ctx, request) => {
  const { bucket } = request.params
  mustBeValidBucketName(bucket)
  const body = await readJson(request.req)
  if (body.prefix === undefined) throw errors.validation("body must have required property 'prefix'")
  if (typeof body.prefix !== 'string') throw errors.validation('body/prefix must be string')
  if (body.search !== undefined && typeof body.search !== 'string')
    throw errors.validation('body/search must be string')
  const limit = integer(body, 'limit', 100, 1)
  const offset = integer(body, 'offset', 0, 0)
  const sort = sortBy(body)
  // The prefix is always a folder; storage.search returns the entries one level below it.
  const folder = body.prefix.length > 0 && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix
  // storage-api's searchObjects escapes LIKE's wildcards when sorting by a timestamp (storage.search then matches
  // with ILIKE); by name the function compares names as text, so `_` and `%` are literal either way.
  const escape = sort.column !== 'name'
  const prefix = escape ? escapeLike(folder) : folder
  const search = escape ? escapeLike(body.search ?? '') : (body.search ?? '')
  const rows = await ctx.db.run(scopeOf(request), (tx) =>
    tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucket,
      limit,
      prefix.split('/').length,
      offset,
      search,
      sort.column,
      sort.order,
    ]),
  )
  sendJson(request.res, 200, rows)
}

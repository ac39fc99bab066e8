// The answers that need no database: the root endpoint (`GET /`), a Swagger 2.0 description of the exposed
// schema's tables, views and functions as PostgREST's OpenAPI output gives it in outline; and OPTIONS, with the
// methods a resource allows.
import type { RequestContext } from '../request/context.ts'
import type { Column, Routine, Table } from '../schema-cache/types.ts'
import { profileHeader } from './headers.ts'
import type { RestResponse } from './response.ts'

function format(column: Column): { type: string; format: string } {
  const t = column.baseType
  if (['int2', 'int4', 'int8'].includes(t)) return { type: 'integer', format: column.type }
  if (['float4', 'float8', 'numeric'].includes(t)) return { type: 'number', format: column.type }
  if (t === 'bool') return { type: 'boolean', format: column.type }
  if (t === 'json' || t === 'jsonb') return { type: 'object', format: column.type }
  if (column.type.endsWith('[]')) return { type: 'array', format: column.type }
  return { type: 'string', format: column.type }
}

function definition(table: Table): object {
  return {
    type: 'object',
    required: table.columnList.filter((c) => !c.nullable && c.default === null).map((c) => c.name),
    properties: Object.fromEntries(
      table.columnList.map((c) => [
        c.name,
        {
          ...format(c),
          ...(table.primaryKey.includes(c.name) ? { description: 'Note:\nThis is a Primary Key.<pk/>' } : {}),
        },
      ]),
    ),
    ...(table.description ? { description: table.description } : {}),
  }
}

export function openApi(ctx: RequestContext, host: string | undefined): RestResponse {
  const tables = [...ctx.cache.tables.values()]
    .filter((t) => t.schema === ctx.schema)
    .sort((a, b) => a.name.localeCompare(b.name))
  const routines = [...ctx.cache.routines.values()].flat().filter((r) => r.schema === ctx.schema)
  const paths: Record<string, object> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
      },
    },
  }
  for (const t of tables) {
    const ops: Record<string, object> = { get: { tags: [t.name], responses: { 200: { description: 'OK' } } } }
    if (t.insertable) ops.post = { tags: [t.name], responses: { 201: { description: 'Created' } } }
    if (t.updatable) ops.patch = { tags: [t.name], responses: { 204: { description: 'No Content' } } }
    if (t.deletable) ops.delete = { tags: [t.name], responses: { 204: { description: 'No Content' } } }
    paths[`/${t.name}`] = ops
  }
  for (const r of routines) paths[`/rpc/${r.name}`] = rpcPath(r)
  const doc = {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '14.0 (summit local stack)' },
    host: host ?? '127.0.0.1:54321',
    basePath: '/',
    schemes: ['http'],
    consumes: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    paths,
    definitions: Object.fromEntries(tables.map((t) => [t.name, definition(t)])),
  }
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/openapi+json; charset=utf-8',
      ...profileHeader(ctx),
    },
    body: ctx.method === 'HEAD' ? '' : JSON.stringify(doc),
  }
}

function rpcPath(r: Routine): object {
  const post = { tags: ['(rpc) ' + r.name], produces: ['application/json'], responses: { 200: { description: 'OK' } } }
  return r.volatility === 'volatile' ? { post } : { get: post, post }
}

export function optionsResponse(allow: string): RestResponse {
  return { status: 200, headers: { Allow: allow, 'Access-Control-Allow-Origin': '*' }, body: '' }
}

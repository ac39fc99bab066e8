// XML in and out of the S3 protocol (fast-xml-parser): answers with storage-api's declaration and the S3 namespace
// on the root element, errors as `<Error><Resource/><Code/><Message/></Error>`, and the request bodies S3 clients
// send (Delete, CompleteMultipartUpload) read with their repeated elements as lists and every value as text.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import { readBody } from '../../http/body.ts'
import type { StorageError } from '../errors.ts'
import { s3Errors, s3Status } from './errors.ts'

const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
const namespace = 'http://s3.amazonaws.com/doc/2006-03-01/'

/** Text escaped as storage-api escapes it: &, < and > (quotes stay quotes outside attributes). */
const escapeText = (value: unknown) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => escapeText(value),
  attributeValueProcessor: (_name, value) => escapeText(value).replace(/"/g, '&quot;'),
})

/** Dates as ISO strings, undefined fields dropped, everything else as the builder writes it. */
function prepare(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(prepare)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, inner] of Object.entries(value)) if (inner !== undefined) out[name] = prepare(inner)
    return out
  }
  return value
}

export function toXml(body: Record<string, unknown>): string {
  const [root] = Object.keys(body)
  const content = prepare(body[root!])
  const element = content !== null && typeof content === 'object' && !Array.isArray(content) ? content : {}
  return declaration + builder.build({ [root!]: { '@_xmlns': namespace, ...element } })
}

export function sendXml(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: OutgoingHttpHeaders = {},
): void {
  const text = toXml(body)
  res
    .writeHead(status, {
      ...headers,
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
    })
    .end(text)
}

/** storage-api's error resource: the request path after /s3, without the query. */
function resource(path: string): string {
  return path.replace('/s3', '').split('/').filter(Boolean).join('/')
}

export function sendS3Error(res: ServerResponse, path: string, method: string, error: StorageError): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const status = s3Status(error)
  // A HEAD answer has no body: only the status says what went wrong (as S3 answers HEAD).
  if (method === 'HEAD') return void res.writeHead(status, { 'Content-Length': '0' }).end()
  sendXml(res, status, { Error: { Resource: resource(path), Code: error.code, Message: error.message } })
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'Part' || name === 'Object',
})

const bodyLimit = 1024 * 1024

/** A request body's XML; MalformedXML when it is not XML at all. */
export async function readXml(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req, { limit: bodyLimit })).toString('utf8')
  if (text.trim() === '') return {}
  try {
    const parsed: unknown = parser.parse(text, true)
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    throw s3Errors.malformedXml()
  }
}

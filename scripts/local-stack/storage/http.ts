// The Storage service's HTTP dialect over the stack's shared plumbing (http/body.ts, http/json.ts): JSON request
// bodies with Fastify's limit and answers (storage-api runs on Fastify), error bodies, and discarding the rest of a
// body we stopped reading.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from '../http/body.ts'
import { sendJson } from '../http/json.ts'
import { errors, type StorageError } from './errors.ts'

export function sendError(res: ServerResponse, error: StorageError): void {
  if (res.headersSent) {
    // Mid-stream failure: the status line is gone, so the only honest signal left is a cut connection.
    res.destroy()
    return
  }
  sendJson(res, error.httpStatus, error.render())
}

const bodyLimit = 1024 * 1024 // Fastify's default bodyLimit

/** The parsed JSON body; an absent body is `{}` only where `allowEmpty` (storage-api's empty-body parser). */
export async function readJson(req: IncomingMessage, allowEmpty = false): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  let text: string
  try {
    text = (await readBody(req, { limit: bodyLimit })).toString('utf8')
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.bodyTooLarge()
    throw errors.noContent('Request stream closed before the body could be read')
  }
  if (text.trim() === '' && (allowEmpty || !req.headers['content-type'])) return {}
  if (type !== 'application/json' && !type.endsWith('+json')) throw errors.invalidContentType()
  if (text.trim() === '') {
    throw errors.validation("Body cannot be empty when content-type is set to 'application/json'")
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw errors.validation("Body is not valid JSON but content-type is set to 'application/json'")
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw errors.validation('body must be object')
  return parsed as Record<string, unknown>
}

const discardLimit = 1024 ** 3

/**
 * Reads and drops whatever is left of a request body after we answered early (an oversized or refused upload), so
 * the client finishes sending and reads our answer on a healthy connection. Past 1 GiB the connection is cut.
 */
export function discardBody(req: IncomingMessage): void {
  if (req.readableEnded || req.destroyed) return
  let dropped = 0
  req.unpipe()
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > discardLimit) req.destroy()
  })
  req.resume()
}

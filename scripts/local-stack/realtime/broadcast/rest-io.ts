// Request and response plumbing of the REST broadcast API in Realtime's dialect, over the stack's shared body reader
// and JSON writer: Plug's statuses for bodies (JSON or raw bytes), empty answers, and a batch validated the way
// Realtime's BatchBroadcast changeset does (Ecto's error shape).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody as readRawBody } from '../../http/body.ts'
import { sendJson } from '../../http/json.ts'
import { isJsonObject, type Json, type JsonObject } from '../socket/messages.ts'

export interface BatchMessage {
  topic: string
  event: string
  payload: JsonObject
  private: boolean
}

export type Body = { ok: true; value: Json | Buffer } | { ok: false; status: number; body: Json }

/** A JSON answer, or an empty one (202, 401) as Realtime sends them. */
export function send(res: ServerResponse, status: number, body?: Json): void {
  if (body !== undefined) return sendJson(res, status, body)
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'content-length': '0' }).end()
}

/** The body as Plug hands it over: 413 past the limit, 400 for malformed JSON or a cut body, {} when empty. */
export async function readBody(req: IncomingMessage, kind: 'json' | 'binary', limit: number): Promise<Body> {
  let bytes: Buffer
  try {
    bytes = await readRawBody(req, { limit })
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, body: { message: 'Payload Too Large' } }
    return { ok: false, status: 400, body: { message: 'Bad Request' } }
  }
  if (kind === 'binary') return { ok: true, value: bytes }
  // Plug reads an empty JSON body as an empty map.
  if (bytes.length === 0) return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) as Json }
  } catch {
    return { ok: false, status: 400, body: { message: 'Bad Request' } }
  }
}

/** The messages, or Ecto's errors ({messages: ["can't be blank"]} or one error map per message). */
export function validateBatch(body: Json): BatchMessage[] | JsonObject {
  const list = isJsonObject(body) ? body.messages : undefined
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    return { messages: ["can't be blank"] }
  }
  if (!Array.isArray(list)) return { messages: ['is invalid'] }
  const messages: BatchMessage[] = []
  const errors: JsonObject[] = []
  for (const item of list) {
    const error: Record<string, string[]> = {}
    const message = isJsonObject(item) ? item : {}
    if (!isJsonObject(item)) error.messages = ['is invalid']
    const field = (key: string, valid: (value: Json) => boolean) => {
      const value = message[key]
      if (value === undefined || value === null || value === '') error[key] = ["can't be blank"]
      else if (!valid(value)) error[key] = ['is invalid']
    }
    field('topic', (v) => typeof v === 'string')
    field('event', (v) => typeof v === 'string')
    field('payload', isJsonObject)
    if (message.private !== undefined && message.private !== null && typeof message.private !== 'boolean') {
      error.private = ['is invalid']
    }
    errors.push(error)
    if (Object.keys(error).length === 0) {
      messages.push({
        topic: message.topic as string,
        event: message.event as string,
        payload: message.payload as JsonObject,
        private: message.private === true,
      })
    }
  }
  return errors.some((error) => Object.keys(error).length > 0) ? { messages: errors } : messages
}

// Request and response plumbing of the REST broadcast API: reading a bounded body (JSON or raw bytes), writing a
// JSON or empty answer, and validating a batch the way Realtime's BatchBroadcast changeset does (Ecto's error shape).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isJsonObject, type Json, type JsonObject } from '../socket/messages.ts'

export interface BatchMessage {
  topic: string
  event: string
  payload: JsonObject
  private: boolean
}

export type Body = { ok: true; value: Json | Buffer } | { ok: false; status: number; body: Json }

export function send(res: ServerResponse, status: number, body?: Json): void {
  if (res.headersSent) return
  if (body === undefined) {
    res.writeHead(status, { 'content-length': '0' }).end()
    return
  }
  const json = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  })
  res.end(json)
}

export function readBody(req: IncomingMessage, kind: 'json' | 'binary', limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (body: Body) => {
      if (done) return
      done = true
      resolve(body)
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        finish({ ok: false, status: 413, body: { message: 'Payload Too Large' } })
        req.resume()
        return
      }
      if (!done) chunks.push(chunk)
    })
    req.on('error', () => finish({ ok: false, status: 400, body: { message: 'Bad Request' } }))
    req.on('end', () => {
      const bytes = Buffer.concat(chunks)
      if (kind === 'binary') return finish({ ok: true, value: bytes })
      // Plug reads an empty JSON body as an empty map.
      if (bytes.length === 0) return finish({ ok: true, value: {} })
      try {
        finish({ ok: true, value: JSON.parse(bytes.toString('utf8')) as Json })
      } catch {
        finish({ ok: false, status: 400, body: { message: 'Bad Request' } })
      }
    })
  })
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

// The local stack's one request-body reader: bounded (it stops buffering past the limit), and telling a body that
// is too large apart from a client that hung up, so each service can answer in its own dialect.
import type { IncomingMessage } from 'node:http'

/** The body exceeded the limit; the reader stopped buffering and discards the rest so a response can still go out. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** The client hung up (or the stream failed) before the body ended. */
export class BodyAbortedError extends Error {
  constructor(cause?: unknown) {
    super('request body aborted before its end', cause === undefined ? undefined : { cause })
    this.name = 'BodyAbortedError'
  }
}

export interface BodyOptions {
  /** The most bytes buffered; a longer body rejects with BodyTooLargeError. */
  limit: number
}

export function readBody(req: IncomingMessage, options: BodyOptions): Promise<Buffer> {
  // Already consumed (or a bodiless request that has ended): there is nothing left to read.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0))
  const declared = Number(req.headers['content-length'])
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const finish = (error: Error | undefined) => {
      if (settled) return
      settled = true
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('close', onClose)
      // Keep an error listener: a late stream error after we gave up must not become an unhandled 'error' event.
      if (error) {
        // Discard the rest rather than pausing: a paused upload would never let the client read our answer.
        if (error instanceof BodyTooLargeError && !req.destroyed) req.resume()
        reject(error)
      } else resolve(Buffer.concat(chunks, size))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > options.limit) finish(new BodyTooLargeError(options.limit))
      else chunks.push(chunk)
    }
    const onEnd = () => finish(undefined)
    const onError = (error: Error) => finish(new BodyAbortedError(error))
    // 'close' before 'end' means the connection went away mid-body.
    const onClose = () => finish(new BodyAbortedError())
    req.on('data', onData)
    req.once('end', onEnd)
    req.on('error', onError)
    req.once('close', onClose)
    if (Number.isFinite(declared) && declared > options.limit) finish(new BodyTooLargeError(options.limit))
  })
}

/** The body parsed as JSON: an empty (or blank) body is undefined; malformed JSON throws SyntaxError. */
export async function readJsonBody(req: IncomingMessage, options: BodyOptions): Promise<unknown> {
  const text = (await readBody(req, options)).toString('utf8')
  if (text.trim() === '') return undefined
  return JSON.parse(text) as unknown
}

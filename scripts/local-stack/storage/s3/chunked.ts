// The aws-chunked body of a streaming upload (x-amz-content-sha256 STREAMING-…): `<hex size>[;chunk-signature=…]`,
// CRLF, the bytes, CRLF, until a zero-size chunk and its trailers. The decoder hands on only the bytes; with a signed
// stream (STREAMING-AWS4-HMAC-SHA256-PAYLOAD…) each chunk's signature is checked against the one before it, as
// storage-api's ChunkSignatureV4Parser does, and a wrong one fails the stream (so nothing is stored).
import { createHash, createHmac, timingSafeEqual, type Hash } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import { s3Errors } from './errors.ts'
import { emptySha256 } from './signature.ts'

/** storage-api's limits: chunks up to 8 MiB, chunk headers up to 256 bytes. */
const maxChunk = 8 * 1024 * 1024
const maxHeader = 256

export interface ChunkSigning {
  key: Buffer
  longDate: string
  scope: string
  /** The request's own signature: the first chunk's "previous signature". */
  seed: string
}

export function isChunkedUpload(contentSha: string | undefined): boolean {
  return !!contentSha && /^STREAMING-(AWS4-HMAC-SHA256-PAYLOAD|UNSIGNED-PAYLOAD)/.test(contentSha)
}

export function isSignedChunks(contentSha: string | undefined): boolean {
  return !!contentSha?.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD')
}

const mismatch =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.'

export class ChunkedDecoder extends Transform {
  private buffer: Buffer = Buffer.alloc(0)
  private state: 'header' | 'data' | 'data-end' | 'trailer' | 'done' = 'header'
  private remaining = 0
  private chunkSignature: string | undefined
  private previous: string
  private hash: Hash | undefined

  constructor(private readonly signing?: ChunkSigning) {
    super()
    this.previous = signing?.seed ?? ''
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    try {
      this.drain()
      done()
    } catch (error) {
      done(error as Error)
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.state !== 'done' && this.state !== 'trailer') return done(s3Errors.invalidSignature('Incomplete chunk'))
    done()
  }

  private drain(): void {
    for (;;) {
      if (this.state === 'header') {
        const end = this.buffer.indexOf('\r\n')
        if (end === -1) {
          if (this.buffer.length > maxHeader) throw s3Errors.invalidSignature('Chunk header too long')
          return
        }
        this.startChunk(this.buffer.subarray(0, end).toString('latin1'))
        this.buffer = this.buffer.subarray(end + 2)
      } else if (this.state === 'data') {
        if (this.buffer.length === 0) return
        const piece = this.buffer.subarray(0, this.remaining)
        this.buffer = this.buffer.subarray(piece.length)
        this.remaining -= piece.length
        this.hash?.update(piece)
        this.push(piece)
        if (this.remaining === 0) this.state = 'data-end'
      } else if (this.state === 'data-end') {
        if (this.buffer.length < 2) return
        if (this.buffer[0] !== 13 || this.buffer[1] !== 10) throw s3Errors.invalidSignature('Invalid chunk')
        this.buffer = this.buffer.subarray(2)
        this.endChunk()
        this.state = 'header'
      } else {
        // Trailers (x-amz-checksum-…, x-amz-trailer-signature) after the last chunk are read and dropped.
        this.buffer = Buffer.alloc(0)
        return
      }
    }
  }

  private startChunk(header: string): void {
    const [sizeText, ...extensions] = header.split(';')
    const size = Number.parseInt(sizeText!, 16)
    if (!/^[0-9a-fA-F]+$/.test(sizeText ?? '') || size > maxChunk) throw s3Errors.invalidSignature('Invalid chunk')
    const signature = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length)
    if (this.signing && !signature) throw s3Errors.signatureDoesNotMatch(mismatch)
    this.chunkSignature = signature
    this.remaining = size
    this.hash = this.signing ? createHash('sha256') : undefined
    if (size === 0) {
      this.endChunk()
      this.state = 'trailer'
    } else this.state = 'data'
  }

  private endChunk(): void {
    if (!this.signing) return
    const toSign = [
      'AWS4-HMAC-SHA256-PAYLOAD',
      this.signing.longDate,
      this.signing.scope,
      this.previous,
      emptySha256,
      this.hash!.digest('hex'),
    ].join('\n')
    const expected = createHmac('sha256', this.signing.key).update(toSign).digest()
    const given = Buffer.from(this.chunkSignature ?? '', 'hex')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw s3Errors.signatureDoesNotMatch(mismatch)
    }
    this.previous = this.chunkSignature!
  }
}

// A bare Realtime socket for the protocol tests: frames written by hand (malformed ones too) and every frame the
// server sends decoded for either protocol version, including 2.0.0's binary user broadcasts (kind 4).
import WebSocket from 'ws'
import { anonKey } from '../../keys/index.ts'
import type { Vsn } from './harness.ts'
import { waitFor } from './wait.ts'

export interface Frame {
  topic: string
  event: string
  payload: unknown
  ref: string | null
  joinRef: string | null
  /** Present for binary user broadcasts. */
  binary?: { userEvent: string; encoding: number; meta: string; payload: Buffer }
}

export class RawSocket {
  readonly frames: Frame[] = []
  closed: { code: number } | undefined
  private ref = 0

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
  ) {
    ws.on('message', (data: Buffer, isBinary) => this.frames.push(decode(data, isBinary, vsn)))
    ws.on('close', (code) => (this.closed = { code }))
  }

  static open(baseUrl: string, vsn: Vsn = '2.0.0', apikey = anonKey): Promise<RawSocket> {
    const url = `${baseUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`
    const ws = new WebSocket(url)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws, vsn)))
      ws.once('error', reject)
    })
  }

  nextRef(): string {
    return String(++this.ref)
  }

  /** Sends a message in the socket's protocol; returns its ref. */
  push(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = this.nextRef()
    const frame =
      this.vsn === '2.0.0'
        ? JSON.stringify([joinRef, ref, topic, event, payload])
        : JSON.stringify({ topic, event, payload, ref, join_ref: joinRef })
    this.ws.send(frame)
    return ref
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data)
  }

  async next(what: string, match: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    let found: Frame | undefined
    await waitFor(
      () => `${what}; frames seen: ${JSON.stringify(this.frames).slice(0, 1500)}`,
      () => (found = this.frames.find(match)) !== undefined,
      timeoutMs,
    )
    return found!
  }

  reply(ref: string, timeoutMs?: number): Promise<Frame> {
    return this.next(`a reply to ref ${ref}`, (f) => f.event === 'phx_reply' && f.ref === ref, timeoutMs)
  }

  /** Joins and waits for the reply. */
  async join(topic: string, payload: unknown = {}): Promise<{ joinRef: string; reply: Frame }> {
    const ref = this.nextRef()
    this.ref-- // push() takes the same ref again: join_ref == ref, as Phoenix clients do
    const joinRef = ref
    this.push(topic, 'phx_join', payload, joinRef)
    return { joinRef, reply: await this.reply(ref) }
  }

  close(): void {
    this.ws.close()
  }
}

function decode(data: Buffer, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) {
    const [kind, topicSize, eventSize, metaSize, encoding] = data
    if (kind !== 4) return { topic: '', event: `binary kind ${kind}`, payload: null, ref: null, joinRef: null }
    let offset = 5
    const take = (size: number) => data.subarray(offset, (offset += size))
    const topic = take(topicSize!).toString()
    const userEvent = take(eventSize!).toString()
    const meta = take(metaSize!).toString()
    const payload = data.subarray(offset)
    return {
      topic,
      event: 'broadcast',
      payload: null,
      ref: null,
      joinRef: null,
      binary: { userEvent, encoding: encoding!, meta, payload },
    }
  }
  const parsed: unknown = JSON.parse(data.toString())
  if (vsn === '2.0.0') {
    const [joinRef, ref, topic, event, payload] = parsed as [string | null, string | null, string, string, unknown]
    return { topic, event, payload, ref, joinRef }
  }
  const message = parsed as { topic: string; event: string; payload: unknown; ref: string | null; join_ref?: string }
  return { ...message, joinRef: message.join_ref ?? null }
}

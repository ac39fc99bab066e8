// The local stack's one JSON writer: serialises once, sets content-type and content-length, and stays silent when
// the response can no longer be written (headers already out, or the client gone).
import type { ServerResponse } from 'node:http'

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed || res.writableEnded) return
  const text = JSON.stringify(body) ?? ''
  const merged: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  }
  // Callers' headers win, whatever their case (GoTrue, say, sends content-type without a charset).
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value
  res.writeHead(status, merged)
  res.end(text)
}

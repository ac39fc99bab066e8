// Server-sent events, one every 200 ms: the client must see the first before the last is produced.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve(() => {
  let sent = 0
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0) await new Promise((resolve) => setTimeout(resolve, 200))
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ n: sent, at: Date.now() })}\n\n`))
      if (++sent === 3) controller.close()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
})

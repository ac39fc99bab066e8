// A WebSocket echo through Deno.upgradeWebSocket.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => {
  if (request.headers.get('upgrade') !== 'websocket') return new Response('expected a websocket', { status: 426 })
  const { socket, response } = Deno.upgradeWebSocket(request)
  socket.onmessage = (event) => socket.send(`echo: ${String(event.data)}`)
  return response
})

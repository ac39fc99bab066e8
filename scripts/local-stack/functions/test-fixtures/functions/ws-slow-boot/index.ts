// A WebSocket function that takes a while to load, so a client can come and go while its worker boots. Logs each
// socket it opens and closes; a plain request answers with the worker's pid.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

await new Promise((resolve) => setTimeout(resolve, 800))

Deno.serve((request) => {
  if (request.headers.get('upgrade') !== 'websocket') return Response.json({ pid: Deno.pid })
  const { socket, response } = Deno.upgradeWebSocket(request)
  console.log('websocket opened')
  socket.onclose = () => console.log('websocket closed')
  return response
})

// Kills its own process mid-request with an uncaught error outside the handler.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => {
  if (new URL(request.url).searchParams.has('fine')) return Response.json({ pid: Deno.pid })
  setTimeout(() => {
    throw new Error('uncaught, outside the handler')
  }, 10)
  return new Promise<Response>(() => {})
})

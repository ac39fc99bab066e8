// Never answers: the wall-clock limit has to end the request.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => {
  if (new URL(request.url).searchParams.has('fine')) return Response.json({ pid: Deno.pid })
  return new Promise<Response>(() => {})
})

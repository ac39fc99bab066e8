// Throws from its handler unless asked not to: the edge runtime answers WORKER_ERROR, and the worker lives on.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => {
  if (new URL(request.url).searchParams.has('fine')) return Response.json({ fine: true, pid: Deno.pid })
  throw new Error('boom')
})

// Logs one line per request it receives and answers with what it saw (method, path, headers, body), so a test can
// tell exactly which requests, and which bytes, reached the worker.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve(async (request) => {
  const url = new URL(request.url)
  console.log(`request ${request.method} ${url.pathname}`)
  const body = request.body ? await request.text() : null
  return Response.json({
    method: request.method,
    path: url.pathname,
    headers: Object.fromEntries(request.headers),
    body,
  })
})

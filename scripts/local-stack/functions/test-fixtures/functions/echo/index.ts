// Answers with the request's own body and content type, plus what it saw of the request in x-echo-* headers.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => {
  const url = new URL(request.url)
  const headers = new Headers({
    'x-echo-method': request.method,
    'x-echo-path': url.pathname + url.search,
    'x-echo-authorization': request.headers.get('authorization') ?? '',
    'x-echo-apikey': request.headers.get('apikey') ?? '',
  })
  const contentType = request.headers.get('content-type')
  if (contentType) headers.set('content-type', contentType)
  return new Response(request.body, { headers })
})

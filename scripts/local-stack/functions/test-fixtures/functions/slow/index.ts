// Answers after ?ms= milliseconds, with its process id: concurrent calls overlap in one warm worker.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve(async (request) => {
  const ms = Number(new URL(request.url).searchParams.get('ms') ?? 0)
  const started = Date.now()
  await new Promise((resolve) => setTimeout(resolve, ms))
  return Response.json({ pid: Deno.pid, started, finished: Date.now() })
})

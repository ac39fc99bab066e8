// Uses a _shared module and a sibling module, as a product function would.
import { greet } from '../_shared/greeting.ts'
import type { DenoApi } from '../_shared/deno-api.ts'
import { punctuation } from './style.ts'
declare const Deno: DenoApi

Deno.serve(async (request) => {
  const { name } = (await request.json()) as { name: string }
  return Response.json({ message: greet(name) + punctuation, pid: Deno.pid })
})

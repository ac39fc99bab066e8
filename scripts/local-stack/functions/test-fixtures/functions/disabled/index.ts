// enabled = false in the fixture config: never served.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve(() => new Response('should not be served'))

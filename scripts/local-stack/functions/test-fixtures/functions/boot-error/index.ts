// Fails while loading: the edge runtime answers BOOT_ERROR.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

throw new Error('this function cannot boot')

Deno.serve(() => new Response('unreachable'))

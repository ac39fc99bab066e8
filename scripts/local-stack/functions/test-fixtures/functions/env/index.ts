// Shows the function its whole environment.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve(() => Response.json({ env: Deno.env.toObject(), cwd: Deno.cwd() }))

// verify_jwt = false in the fixture config: reached with or without a JWT.
import type { DenoApi } from '../_shared/deno-api.ts'
declare const Deno: DenoApi

Deno.serve((request) => Response.json({ open: true, authorization: request.headers.get('authorization') }))

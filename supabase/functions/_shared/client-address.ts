// A client that calls the API for a visitor so that per-address limits count the visitor, not this function. The
// function's own call is a new connection through the gateway, which vouches for the function's address; so it
// calls as service_role and passes on the visitor's two forwarding headers under x-client-* names, which the
// database reads with the same rule (private.client_address: which of them it trusts depends on the platform) and
// honours from service_role only. Nothing else the visitor sent is forwarded.
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types.ts'
import type { Client } from './supabase.ts'

/** The visitor's headers the database's address rule reads, renamed for a service_role call. */
export function clientAddressHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {}
  for (
    const [name, renamed] of [
      ['x-forwarded-for', 'x-client-forwarded-for'],
      ['cf-connecting-ip', 'x-client-cf-connecting-ip'],
    ]
  ) {
    const value = request.headers.get(name!)
    if (value) headers[renamed!] = value
  }
  return headers
}

/** A service-role client whose calls count against the visitor's address. Use it only for such calls. */
export function onBehalfOfVisitor(request: Request): Client {
  return createClient<Database>(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: clientAddressHeaders(request) },
  })
}

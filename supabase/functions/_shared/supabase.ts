// Supabase clients for edge functions: the user client acts as the caller (their Authorization is forwarded, so
// row-level security decides what they see); the admin client uses the service role and bypasses RLS.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import type { Database } from './database.types.ts'
import { HttpError } from './http.ts'

export type Client = SupabaseClient<Database>

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set in the function's environment`)
  return value
}

/** A client that runs every query as the caller: RLS applies exactly as it does for the web app. */
export function userClient(authorization: string): Client {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: serverAuth,
    global: { headers: { Authorization: authorization } },
  })
}

/** A client with the project's anon key: a visitor, whom RLS treats as `anon`. */
export function visitorClient(): Client {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), { auth: serverAuth })
}

let admin: Client | undefined

/**
 * The service-role client. Use it only for a write RLS cannot express (each call site says why): it sees and
 * changes every row.
 */
export function adminClient(): Client {
  admin ??= createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth })
  return admin
}

export interface Caller {
  user: User
  client: Client
}

const notSignedIn = () => new HttpError(401, 'not_signed_in', 'Sign in to continue.')

/**
 * The signed-in caller, or a 401 `not_signed_in`. Asks Auth about the token (not just its signature), so a
 * signed-out session or a deleted user is refused too. Auth being down is a 500, not a 401.
 */
export async function requireUser(request: Request): Promise<Caller> {
  const authorization = request.headers.get('Authorization') ?? ''
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1]
  if (!token) throw notSignedIn()
  const client = userClient(`Bearer ${token}`)
  const { data, error } = await client.auth.getUser(token)
  if (error) {
    if (error.status !== undefined && error.status >= 400 && error.status < 500) throw notSignedIn()
    throw error
  }
  if (!data.user || data.user.is_anonymous) throw notSignedIn()
  return { user: data.user, client }
}

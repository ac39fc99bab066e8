// A learner's own supabase-js client in the test process, to read back what the app wrote (as RLS lets that learner
// read it). Node 20 has no WebSocket and these reads open no realtime socket, so its transport refuses to be built.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { apiUrl, publishableKey } from './stack'

class NoWebSocket {
  constructor() {
    throw new Error('the learner client opens no realtime socket')
  }
}

export async function learnerClient(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(apiUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`signing in ${email} failed: ${error.message}`)
  return client
}

// The account's privacy calls: my_sessions / end_session (RPC), signing out every other session (Auth), and the
// account-export / account-delete edge functions. Each takes the typed client first and throws on error; an edge
// function's refusal is thrown as its parsed `{ error: { code, message, fields } }` body.
import type { SupabaseClient } from '@/lib/supabase'
import { readFunctionError } from '@/lib/errors'

export interface AccountSession {
  id: string
  createdAt: string
  lastActiveAt: string
  userAgent: string | null
  ip: string | null
  aal: string
  isCurrent: boolean
}

/** The caller's active sessions, the current one first, then by last activity. */
export async function listMySessions(client: SupabaseClient): Promise<AccountSession[]> {
  const { data, error } = await client.rpc('my_sessions')
  if (error) throw error
  return (data ?? []).map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at ?? row.created_at,
    userAgent: row.user_agent,
    ip: row.ip,
    aal: row.aal,
    isCurrent: row.is_current,
  }))
}

/** Ends one of the caller's other sessions; its device is signed out at its next token refresh. */
export async function endSession(client: SupabaseClient, sessionId: string): Promise<void> {
  const { error } = await client.rpc('end_session', { session_id: sessionId })
  if (error) throw error
}

/** Ends every session of the caller but this one. */
export async function signOutOtherSessions(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'others' })
  if (error) throw error
}

/** Everything the account owns, as account-export answers it (PRODUCT.md §7). */
export interface AccountExport {
  exported_at: string
  user: { id: string; email: string; created_at: string }
  [section: string]: unknown
}

export async function exportAccount(client: SupabaseClient): Promise<AccountExport> {
  const { data, error } = await client.functions.invoke<AccountExport>('account-export', { body: {} })
  if (error) throw await readFunctionError(error)
  if (!data) throw new Error('account-export answered without a document')
  return data
}

/** Deletes the account for good; `confirmation` must be the account's email exactly. */
export async function deleteAccount(client: SupabaseClient, confirmation: string): Promise<void> {
  const { error } = await client.functions.invoke<{ deleted: true }>('account-delete', { body: { confirmation } })
  if (error) throw await readFunctionError(error)
}

/** Forgets the session in this browser only (the account, and with it the session, is gone on the server). */
export async function signOutHere(client: SupabaseClient): Promise<void> {
  await client.auth.signOut({ scope: 'local' })
}

// The signed-in user's passkeys (Auth's /passkeys API): list, add through the browser's WebAuthn
// ceremony, rename, remove.
import type { PasskeyListItem } from '@supabase/auth-js'
import type { SupabaseClient } from '@/lib/supabase'

export type Passkey = PasskeyListItem

export async function listPasskeys(client: SupabaseClient): Promise<Passkey[]> {
  const { data, error } = await client.auth.passkey.list()
  if (error) throw error
  return [...data].sort((a, b) => a.created_at.localeCompare(b.created_at))
}

/** Runs the WebAuthn registration ceremony, then gives the new passkey its name. */
export async function addPasskey(client: SupabaseClient, friendlyName: string): Promise<Passkey> {
  const { data, error } = await client.auth.registerPasskey()
  if (error) throw error
  return renamePasskey(client, data.id, friendlyName)
}

export async function renamePasskey(client: SupabaseClient, passkeyId: string, friendlyName: string): Promise<Passkey> {
  const { data, error } = await client.auth.passkey.update({ passkeyId, friendlyName })
  if (error) throw error
  return data
}

export async function removePasskey(client: SupabaseClient, passkeyId: string): Promise<void> {
  const { error } = await client.auth.passkey.delete({ passkeyId })
  if (error) throw error
}

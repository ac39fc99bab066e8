// Typed data access for the private calendar subscription: the live feed (if any), a new URL (which revokes the old
// one; its token is in this answer only) and turning it off. The URL itself is the calendar-feed edge function's.
import type { SupabaseClient } from '@/lib/supabase'
import { supabaseUrl } from '@/lib/supabase'
import { newFeedSchema } from '../schemas/plan.schemas'

export interface LiveFeed {
  id: string
  createdAt: string
}

export interface NewFeed extends LiveFeed {
  token: string
}

export async function getLiveFeed(client: SupabaseClient): Promise<LiveFeed | null> {
  const { data, error } = await client
    .from('calendar_feeds')
    .select('id, created_at')
    .is('revoked_at', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle()
  if (error) throw error
  return data ? { id: data.id, createdAt: data.created_at } : null
}

export async function rotateFeed(client: SupabaseClient): Promise<NewFeed> {
  const { data, error } = await client.rpc('rotate_calendar_feed')
  if (error) throw error
  const feed = newFeedSchema.parse(data)
  return { id: feed.id, token: feed.token, createdAt: feed.created_at }
}

export async function revokeFeed(client: SupabaseClient): Promise<void> {
  const { error } = await client.rpc('revoke_calendar_feed')
  if (error) throw error
}

/** The subscription URL for a token, and the same as a webcal:// link that calendar apps open directly. */
export function feedUrls(token: string, apiUrl: string = supabaseUrl): { https: string; webcal: string } {
  const base = apiUrl.replace(/\/+$/, '')
  const https = `${base}/functions/v1/calendar-feed?token=${encodeURIComponent(token)}`
  return { https, webcal: https.replace(/^https?:\/\//, 'webcal://') }
}

// Typed data access for the bell, /notifications and the preferences on /account: the signed-in user's
// notifications (owner-readable under RLS, written by the database only), marking them read (read_at is the one
// column the owner may change) and their preferences per kind and channel. Every function throws on error.
import * as z from 'zod/mini'
import type { Database } from '@/lib/database.types'
import { readFunctionError } from '@/lib/errors'
import type { SupabaseClient } from '@/lib/supabase'

/**
 * A kind of notification. Kinds are added by migrations, so the app takes any name the database sends and shows
 * the ones it has no words for plainly (lib/kind-labels, lib/notification-item) instead of failing the whole list.
 */
export type NotificationKind = Database['public']['Enums']['notification_kind'] | (string & {})

const kindSchema = z.string().check(z.regex(/^[a-z][a-z_]{0,39}$/))

export const notificationSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.nullable(z.string()),
})
export type AppNotification = z.infer<typeof notificationSchema>

export const notificationSettingSchema = z.object({
  kind: kindSchema,
  app: z.boolean(),
  email: z.boolean(),
})
export type NotificationSetting = z.infer<typeof notificationSettingSchema>

/** The user's latest notifications, newest first. */
export async function listNotifications(
  client: SupabaseClient,
  userId: string,
  limit: number,
): Promise<AppNotification[]> {
  const { data, error } = await client
    .from('notifications')
    .select('id, kind, payload, created_at, read_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) throw error
  return z.array(notificationSchema).parse(data)
}

/** How many of the user's notifications are unread (a HEAD request with an exact count). */
export async function countUnreadNotifications(client: SupabaseClient, userId: string): Promise<number> {
  const { count, error } = await client
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .is('read_at', null)
  if (error) throw error
  return count ?? 0
}

/** Marks one notification read (opening it); already read ones keep their first read time. */
export async function markNotificationRead(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client
    .from('notifications')
    .update({ read_at: new Date().toISOString() })
    .eq('id', id)
    .is('read_at', null)
  if (error) throw error
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead(client: SupabaseClient, userId: string): Promise<void> {
  const { error } = await client
    .from('notifications')
    .update({ read_at: new Date().toISOString() })
    .eq('user_id', userId)
    .is('read_at', null)
  if (error) throw error
}

/** Every kind with the user's choice per channel, or the default. */
export async function getNotificationSettings(client: SupabaseClient): Promise<NotificationSetting[]> {
  const { data, error } = await client.rpc('notification_settings')
  if (error) throw error
  return z.array(notificationSettingSchema).parse(data)
}

/** Saves the user's choice for one kind (both channels, as shown). */
export async function saveNotificationSetting(
  client: SupabaseClient,
  userId: string,
  setting: NotificationSetting,
): Promise<void> {
  // The kind came from notification_settings(), so it is one the database knows even if this build's types do not.
  const kind = setting.kind as Database['public']['Enums']['notification_kind']
  const { error } = await client
    .from('notification_preferences')
    .upsert({ user_id: userId, ...setting, kind, updated_at: new Date().toISOString() }, { onConflict: 'user_id,kind' })
  if (error) throw error
}

/** Which kind an unsubscribe token is about (its second field; the function checks the signature). */
export function unsubscribeTokenKind(token: string): NotificationKind | null {
  const kind = token.split('.')[2] ?? ''
  return kindSchema.safeParse(kind).success ? kind : null
}

/** One-click unsubscribe, signed out: the token alone turns its kind's email off. */
export async function unsubscribeByToken(client: SupabaseClient, token: string): Promise<NotificationKind> {
  const { data, error } = await client.functions.invoke<{ unsubscribed: true; kind: NotificationKind }>('unsubscribe', {
    body: { token },
  })
  if (error) throw await readFunctionError(error)
  if (!data) throw new Error('The unsubscribe call answered nothing.')
  return data.kind
}

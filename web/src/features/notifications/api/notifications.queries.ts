// Notification queries and mutations (TkDodo's pattern): a key factory whose leaves return `queryOptions`; the live
// feed and the mutations invalidate `notificationKeys.user(userId)`, which holds the list and the unread count.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import {
  countUnreadNotifications,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationSetting,
  type NotificationSetting,
} from './notifications.api'

/** How many items the bell's popover shows; /notifications shows the rest. */
export const POPOVER_LIMIT = 8
export const PAGE_LIMIT = 100

export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => [...notificationKeys.all, userId] as const,
  list: (userId: string, limit: number) => [...notificationKeys.user(userId), 'list', limit] as const,
  unread: (userId: string) => [...notificationKeys.user(userId), 'unread'] as const,
  settings: (userId: string) => [...notificationKeys.all, 'settings', userId] as const,
}

export const notificationQueries = {
  list: (userId: string, limit: number) =>
    queryOptions({
      queryKey: notificationKeys.list(userId, limit),
      queryFn: () => listNotifications(supabase, userId, limit),
    }),
  unread: (userId: string) =>
    queryOptions({
      queryKey: notificationKeys.unread(userId),
      queryFn: () => countUnreadNotifications(supabase, userId),
    }),
  settings: (userId: string) =>
    queryOptions({
      queryKey: notificationKeys.settings(userId),
      queryFn: () => getNotificationSettings(supabase),
    }),
}

export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(supabase, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) }),
  })
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => markAllNotificationsRead(supabase, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) }),
  })
}

export function useSaveNotificationSetting(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (setting: NotificationSetting) => saveNotificationSetting(supabase, userId, setting),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings(userId) })
      queryClient.setQueryData(notificationKeys.settings(userId), (old: NotificationSetting[] | undefined) =>
        old?.map((row) => (row.kind === setting.kind ? setting : row)),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings(userId) }),
  })
}

// A list of notifications, shared by the bell's popover and /notifications: each item says what happened, when,
// whether it is unread (a dot and, for screen readers, the word) and links to what it is about; opening one marks
// it read.
import { Link } from '@tanstack/react-router'
import { Award, Bell, GraduationCap, Megaphone, MessageSquareReply, Trophy, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format/date'
import type { AppNotification, NotificationKind } from '../api/notifications.api'
import { useMarkNotificationRead } from '../api/notifications.queries'
import { describeNotification } from '../lib/notification-item'

const icons: Partial<Record<NotificationKind, LucideIcon>> = {
  course_added: GraduationCap,
  answer: MessageSquareReply,
  announcement: Megaphone,
  certificate: Award,
  achievement: Trophy,
}

interface NotificationListProps {
  userId: string
  notifications: AppNotification[]
  /** Called after an item is chosen (the popover closes). */
  onOpen?: () => void
  compact?: boolean
}

export function NotificationList({ userId, notifications, onOpen, compact = false }: NotificationListProps) {
  const markRead = useMarkNotificationRead(userId)
  return (
    <ul className={cn('flex flex-col', compact ? 'divide-y divide-slate-100' : 'gap-2')}>
      {notifications.map((notification) => {
        const item = describeNotification(notification)
        const Icon = icons[notification.kind] ?? Bell
        const unread = notification.read_at === null
        return (
          <li key={notification.id}>
            <Link
              {...item.target}
              onClick={() => {
                if (unread) markRead.mutate(notification.id)
                onOpen?.()
              }}
              className={cn(
                'flex items-start gap-3 rounded-md p-2 text-left hover:bg-slate-50',
                !compact && 'border border-slate-200 bg-white p-3 sm:p-4',
                unread && !compact && 'border-teal-200 bg-teal-50/40',
              )}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className={cn('break-words text-slate-900', unread ? 'font-semibold' : 'font-normal')}>
                  {unread ? <span className="sr-only">Unread: </span> : null}
                  {item.title}
                </span>
                {item.detail ? (
                  <span className="line-clamp-2 break-words text-sm text-slate-600">{item.detail}</span>
                ) : null}
                <span className="text-xs text-slate-600">{formatDateTime(notification.created_at)}</span>
              </span>
              {unread ? (
                <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-teal-700" />
              ) : null}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

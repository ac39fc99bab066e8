// The header's bell for a signed-in user: the unread count as a badge, kept live over Realtime, and a popover with
// the latest notifications, "Mark all read" and a link to /notifications. Loaded lazily by the bell slot, so
// visitors never download it.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { notificationQueries, POPOVER_LIMIT, useMarkAllNotificationsRead } from '../api/notifications.queries'
import { useNotificationFeed } from '../api/use-notification-feed'
import { bellLabel, unreadBadge } from '../lib/notification-item'
import { NotificationList } from './notification-list'

export function NotificationBell({ userId }: { userId: string }) {
  useNotificationFeed(userId)
  const [open, setOpen] = useState(false)
  const unread = useQuery(notificationQueries.unread(userId))
  const count = unread.data ?? 0
  const badge = unreadBadge(count)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative rounded-full" data-unread-count={count}>
          <Bell aria-hidden="true" className="size-5" />
          <span className="sr-only">{bellLabel(count)}</span>
          {badge ? (
            <span
              aria-hidden="true"
              className="absolute right-1 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-0" aria-label="Notifications">
        {open ? <BellPanel userId={userId} unreadCount={count} onOpen={() => setOpen(false)} /> : null}
      </PopoverContent>
    </Popover>
  )
}

function BellPanel({ userId, unreadCount, onOpen }: { userId: string; unreadCount: number; onOpen: () => void }) {
  const list = useQuery(notificationQueries.list(userId, POPOVER_LIMIT))
  const markAll = useMarkAllNotificationsRead(userId)
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 className="font-semibold text-slate-900">Notifications</h2>
        {/* aria-disabled, not disabled: a disabled button drops focus, which would close the popover. */}
        <Button
          variant="ghost"
          className="h-9 px-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => {
            if (unreadCount > 0 && !markAll.isPending) markAll.mutate()
          }}
        >
          Mark all read
        </Button>
      </div>
      {markAll.isError ? (
        <p role="alert" className="px-4 pt-2 text-sm text-red-700">
          {errorMessage(markAll.error)}
        </p>
      ) : null}
      <div className="max-h-[60vh] overflow-y-auto p-2">
        {list.isPending ? (
          <div className="flex flex-col gap-2 p-2">
            <p role="status" className="sr-only">
              Loading notifications…
            </p>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 p-2 text-sm text-red-700">
            <p>Notifications could not be loaded. {errorMessage(list.error)}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="p-4 text-center text-sm text-slate-600">
            Nothing yet. Answers to your questions, announcements and more will show up here.
          </p>
        ) : (
          <NotificationList userId={userId} notifications={list.data} onOpen={onOpen} compact />
        )}
      </div>
      <div className="border-t border-slate-200 px-4 py-2 text-sm">
        <Link
          to="/notifications"
          onClick={onOpen}
          className="font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          See all notifications
        </Link>
      </div>
    </div>
  )
}

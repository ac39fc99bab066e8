// /notifications: every recent notification of the signed-in user, newest first, read and unread, live (the
// header's bell keeps the lists fresh), with "Mark all read"; loading, empty and error states.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BellOff } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { plural } from '@/lib/format/plural'
import { notificationQueries, PAGE_LIMIT, useMarkAllNotificationsRead } from '../api/notifications.queries'
import { NotificationList } from './notification-list'

export function NotificationsPage({ userId }: { userId: string }) {
  const list = useQuery(notificationQueries.list(userId, PAGE_LIMIT))
  const unread = useQuery(notificationQueries.unread(userId))
  const markAll = useMarkAllNotificationsRead(userId)
  const unreadCount = unread.data ?? 0
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
          {unread.data !== undefined ? (
            <p className="text-slate-600">
              {unreadCount === 0 ? 'All read' : `${plural(unreadCount, 'unread notification')}`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
          <Button asChild variant="ghost">
            <Link to="/account" hash="notification-preferences">
              Preferences
            </Link>
          </Button>
        </div>
      </header>
      {markAll.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(markAll.error)}
        </p>
      ) : null}
      {list.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            Loading your notifications…
          </p>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full rounded-md" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>Your notifications could not be loaded. {errorMessage(list.error)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState icon={BellOff} title="No notifications yet">
          When you're added to a course, someone answers your question, an instructor posts an announcement or you earn
          a certificate or a trophy, it shows up here.
        </EmptyState>
      ) : (
        <NotificationList userId={userId} notifications={list.data} />
      )}
    </div>
  )
}

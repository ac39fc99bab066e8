// /notifications: the signed-in user's notifications, live, read and unread (the header's bell shows the latest).
// Signed-out visitors are sent to sign in and brought back here.
import { createFileRoute } from '@tanstack/react-router'
import { notificationQueries, PAGE_LIMIT } from '@/features/notifications/api/notifications.queries'
import { NotificationsPage } from '@/features/notifications/components/notifications-page'

export const Route = createFileRoute('/_authenticated/notifications')({
  // Started, not awaited: the page shows its own loading and error states (with a retry).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(notificationQueries.list(context.session.user.id, PAGE_LIMIT))
  },
  head: () => ({ meta: [{ title: 'Notifications · Summit' }] }),
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { session } = Route.useRouteContext()
  return <NotificationsPage userId={session.user.id} />
}

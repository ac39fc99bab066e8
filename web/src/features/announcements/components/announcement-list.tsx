// The studio's list of a course's announcements, newest first: each with where it stands (sent, scheduled for a
// time, deleted), its audience and its message; a scheduled one can be sent now or deleted, a sent one deleted (it
// disappears for learners with its notifications). Sent ones cannot be edited: the database refuses.
import { useQuery } from '@tanstack/react-query'
import { Megaphone } from 'lucide-react'
import { ConfirmButton } from '@/components/confirm-button'
import { EmptyState } from '@/components/empty-state'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format/date'
import type { Announcement } from '../api/announcements.api'
import { announcementQueries, useDeleteAnnouncement, useSendAnnouncementNow } from '../api/announcements.queries'
import { announcementErrorMessage, announcementState } from '../lib/announcement-state'

export function AnnouncementList({ courseId }: { courseId: string }) {
  const list = useQuery(announcementQueries.staff(courseId))
  const cohorts = useQuery(announcementQueries.cohorts(courseId))
  const cohortName = (id: string | null) =>
    id ? (cohorts.data?.find((cohort) => cohort.id === id)?.name ?? 'one cohort') : null

  return (
    <section aria-labelledby="announcement-history" className="flex flex-col gap-3">
      <h2 id="announcement-history" className="text-lg font-semibold text-slate-900">
        Sent and scheduled
      </h2>
      {list.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading announcements…
          </p>
          <Skeleton className="h-24 w-full rounded-xl" />
        </>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>The announcements could not be loaded. {announcementErrorMessage(list.error)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState icon={Megaphone} title="No announcements yet" as="h3">
          What you send appears here, with when it went out and to whom.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((announcement) => (
            <AnnouncementItem
              key={announcement.id}
              courseId={courseId}
              announcement={announcement}
              audience={cohortName(announcement.cohort_id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function AnnouncementItem({
  courseId,
  announcement,
  audience,
}: {
  courseId: string
  announcement: Announcement
  audience: string | null
}) {
  const state = announcementState(announcement)
  const sendNow = useSendAnnouncementNow(courseId)
  const remove = useDeleteAnnouncement(courseId)
  const status =
    state === 'sent'
      ? `Sent ${formatDateTime(announcement.sent_at ?? announcement.send_at)}`
      : state === 'scheduled'
        ? `Scheduled for ${formatDateTime(announcement.send_at)}`
        : 'Deleted'
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4',
        state === 'deleted' && 'bg-slate-50',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-words text-slate-900">{announcement.title}</h3>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            state === 'sent' && 'bg-teal-50 text-teal-900',
            state === 'scheduled' && 'bg-amber-50 text-amber-900',
            state === 'deleted' && 'bg-slate-200 text-slate-800',
          )}
        >
          {status}
        </span>
      </div>
      <p className="text-sm text-slate-600">To {audience ? `the ${audience} cohort` : 'every learner of the course'}</p>
      {state !== 'deleted' ? (
        <div className="max-h-48 overflow-y-auto text-sm">
          <LazyMarkdown source={announcement.body_md} headingOffset={3} />
        </div>
      ) : null}
      {state !== 'deleted' ? (
        <div className="flex flex-wrap gap-2">
          {state === 'scheduled' ? (
            <Button
              variant="outline"
              disabled={sendNow.isPending}
              aria-label={`Send "${announcement.title}" now`}
              onClick={() => sendNow.mutate(announcement.id)}
            >
              Send now
            </Button>
          ) : null}
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete "${announcement.title}"`}
            title="Delete this announcement?"
            description={
              state === 'sent'
                ? 'Learners no longer see it in the course or in their notifications. Emails already sent stay in their inboxes.'
                : 'It will not be sent.'
            }
            confirmLabel="Delete announcement"
            onConfirm={() => remove.mutateAsync(announcement.id)}
            describeError={announcementErrorMessage}
          />
        </div>
      ) : null}
      {sendNow.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {announcementErrorMessage(sendNow.error)}
        </p>
      ) : null}
    </li>
  )
}

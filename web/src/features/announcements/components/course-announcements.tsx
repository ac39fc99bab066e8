// The course page's "Announcements" for its learners (and staff): the sent, undeleted ones, newest first, each with
// its date and message. New ones appear live: the notification feed refreshes the announcement queries when an
// announcement notification arrives. Nothing is shown while there are none.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/format/date'
import { announcementQueries } from '../api/announcements.queries'
import { announcementErrorMessage } from '../lib/announcement-state'

export function CourseAnnouncements({ courseId }: { courseId: string }) {
  const list = useQuery(announcementQueries.sent(courseId))
  const shown = list.isSuccess && list.data.length > 0
  // A link to #announcements (a notification, an email) arrives before the list does: bring it into view once it is.
  useEffect(() => {
    if (shown && window.location.hash === '#announcements') {
      document.getElementById('announcements')?.scrollIntoView({ block: 'start' })
    }
  }, [shown])
  if (list.isPending || (list.isSuccess && list.data.length === 0)) return null
  return (
    <section id="announcements" aria-labelledby="announcements-heading" className="flex scroll-mt-20 flex-col gap-3">
      <h2 id="announcements-heading" className="text-xl font-semibold text-slate-900">
        Announcements
      </h2>
      {list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>The announcements could not be loaded. {announcementErrorMessage(list.error)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((announcement) => (
            <li key={announcement.id} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold break-words text-slate-900">{announcement.title}</h3>
              <p className="text-xs text-slate-600">{formatDateTime(announcement.sent_at ?? announcement.send_at)}</p>
              <LazyMarkdown source={announcement.body_md} headingOffset={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

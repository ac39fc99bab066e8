// /studio/courses/$courseId/announcements: write an announcement (markdown with a preview, to the course or a
// cohort, now or at a chosen time) and see the course's announcements, sent, scheduled and deleted. Learners get
// them in the app and by email as their preferences allow; the database limits a course to 5 in 24 hours.
import { AnnouncementList } from './announcement-list'
import { LazyAnnouncementForm } from './lazy-announcement-form'

export function AnnouncementsPage({ courseId }: { courseId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-prose text-slate-600">
        Learners of the course see announcements on the course page and in their notifications, and get them by email
        unless they turned those emails off. A course can send 5 announcements in any 24 hours.
      </p>
      <LazyAnnouncementForm courseId={courseId} />
      <AnnouncementList courseId={courseId} />
    </div>
  )
}

// /studio/courses/$courseId/announcements: the course's announcements (write, preview, schedule, send, delete). An
// unknown course, or one of another school, is not-found without retries.
import { createFileRoute } from '@tanstack/react-router'
import { Megaphone } from 'lucide-react'
import { announcementQueries } from '@/features/announcements/api/announcements.queries'
import { AnnouncementsPage } from '@/features/announcements/components/announcements-page'
import { LazyAnnouncementForm } from '@/features/announcements/components/lazy-announcement-form'
import { loadStudioCourseTitle } from '@/features/studio/api/course-title.loader'
import { CourseSubpageHeader } from '@/features/studio/components/course-subpage-header'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/announcements')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(announcementQueries.staff(params.courseId))
    LazyAnnouncementForm.preload()
    return loadStudioCourseTitle(queryClient, params.courseId)
  },
  head: ({ loaderData }) => ({
    meta: [
      {
        title: loaderData ? `Announcements · ${loaderData.title} · Studio · Summit` : 'Announcements · Studio · Summit',
      },
    ],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: AnnouncementsRoute,
})

function AnnouncementsRoute() {
  const { courseId } = Route.useParams()
  const { title } = Route.useLoaderData()
  return (
    <div className="flex flex-col gap-6">
      <CourseSubpageHeader courseId={courseId} courseTitle={title}>
        <Megaphone aria-hidden="true" className="size-7 text-teal-700" />
        Announcements
      </CourseSubpageHeader>
      <AnnouncementsPage courseId={courseId} />
    </div>
  )
}

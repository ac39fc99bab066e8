// /studio/courses/$courseId/access: the old address of a course's access panels (invite links, access codes,
// cohorts, events). They live on the learners page, the one door to a course's access; this address redirects there,
// to the cohorts tab, so bookmarks and links keep working.
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/studio/courses/$courseId/access')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/studio/courses/$courseId/learners',
      params: { courseId: params.courseId },
      search: { tab: 'cohorts' },
      replace: true,
    })
  },
})

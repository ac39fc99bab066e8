// /studio/schools/$schoolId/page: the school's public page settings (logo, about, accent colour) for its owners. An
// unknown school, a malformed id, or a school I am not a member of is this route's not-found state, at once.
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'
import { MembersNotFound } from '@/features/studio/members/components/members-not-found'
import { schoolPageQueries } from '@/features/studio/school-page/api/school-page.queries'
import { LazyLogoUpload } from '@/features/studio/school-page/components/lazy-logo-upload'
import { SchoolPageSettings } from '@/features/studio/school-page/components/school-page-settings'
import { isUuid } from '@/lib/uuid'

export const Route = createFileRoute('/_authenticated/studio/schools/$schoolId/page')({
  loader: async ({ context: { queryClient, session }, params }) => {
    if (!isUuid(params.schoolId)) throw notFound()
    // The logo's uploader (a chunk of its own) starts loading with the page, beside the school's settings.
    LazyLogoUpload.preload()
    const school = await queryClient.ensureQueryData(schoolPageQueries.settings(params.schoolId, session.user.id))
    if (!school) throw notFound()
    return { name: school.name }
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: loaderData ? `School page · ${loaderData.name} · Studio · Summit` : 'School page · Studio · Summit' },
    ],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: MembersNotFound,
  component: SchoolPageRoute,
})

function SchoolPageRoute() {
  const { schoolId } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: school } = useSuspenseQuery(schoolPageQueries.settings(schoolId, session.user.id))
  if (!school) return <MembersNotFound />
  return <SchoolPageSettings school={school} userId={session.user.id} />
}

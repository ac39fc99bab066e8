// /studio/schools/$schoolId/members: a school's members. An unknown school, a malformed id, or a school I am not a
// member of is this route's not-found state, answered at once without retries.
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'
import { memberQueries } from '@/features/studio/members/api/members.queries'
import { preloadInviteForm } from '@/features/studio/members/components/lazy-invite-form'
import { MembersNotFound } from '@/features/studio/members/components/members-not-found'
import { MembersPage } from '@/features/studio/members/components/members-page'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Route = createFileRoute('/_authenticated/studio/schools/$schoolId/members')({
  loader: async ({ context: { queryClient, session }, params }) => {
    if (!uuidPattern.test(params.schoolId)) throw notFound()
    const school = await queryClient.ensureQueryData(memberQueries.school(params.schoolId, session.user.id))
    if (!school) throw notFound()
    if (school.role === 'owner') preloadInviteForm()
    await queryClient.ensureQueryData(memberQueries.roster(params.schoolId))
    return { name: school.name }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `Members · ${loaderData.name} · Studio · Summit` : 'Members · Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: MembersNotFound,
  component: MembersRoute,
})

function MembersRoute() {
  const { schoolId } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: school } = useSuspenseQuery(memberQueries.school(schoolId, session.user.id))
  // Leaving the school (or losing it) while here: the roster is gone too.
  if (!school) return <MembersNotFound />
  return <MembersPage school={school} userId={session.user.id} />
}

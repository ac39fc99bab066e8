// /invitations/$invitationId: answer an invitation to learn in a course, where the invitation's email lands (after
// /auth/callback signs the invitee in). Signed-out visitors sign in first and come back here. The loader reads my
// invitations; the page finds this one among them, so another person's invitation is simply not there.
import { createFileRoute } from '@tanstack/react-router'
import { courseInvitationQueries } from '@/features/course-invitations/api/invitations.queries'
import {
  InvitationLoadError,
  InvitationPage,
  InvitationPageSkeleton,
} from '@/features/course-invitations/components/invitation-page'

export const Route = createFileRoute('/_authenticated/invitations/$invitationId')({
  loader: ({ context: { queryClient, session } }) =>
    queryClient.ensureQueryData(courseInvitationQueries.mine(session.user.id)),
  head: () => ({ meta: [{ title: 'Course invitation · Summit' }] }),
  pendingComponent: InvitationPageSkeleton,
  errorComponent: InvitationLoadError,
  component: InvitationRoute,
})

function InvitationRoute() {
  const { invitationId } = Route.useParams()
  const { session } = Route.useRouteContext()
  return <InvitationPage key={invitationId} userId={session.user.id} invitationId={invitationId} />
}

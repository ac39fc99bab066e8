// /studio: the schools I teach at and their courses. Signed-out visitors are sent to sign in and brought back.
import { createFileRoute, Link } from '@tanstack/react-router'
import { MessagesSquare } from 'lucide-react'
import { studioQueries } from '@/features/studio/api/studio.queries'
import { StudioHome } from '@/features/studio/components/studio-home'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'
import { MyInvitations } from '@/features/studio/members/components/my-invitations'

export const Route = createFileRoute('/_authenticated/studio/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(studioQueries.schools(context.session.user.id)),
  head: () => ({ meta: [{ title: 'Studio · Summit' }] }),
  pendingComponent: StudioSkeleton,
  component: StudioRoute,
})

function StudioRoute() {
  const { session } = Route.useRouteContext()
  const email = session.user.email
  return (
    <div className="flex flex-col gap-6">
      {email ? <MyInvitations userId={session.user.id} email={email} /> : null}
      <StudioHome userId={session.user.id} />
      <Link
        to="/studio/questions"
        className="inline-flex min-h-11 items-center gap-2 self-start font-medium text-teal-800 hover:underline"
      >
        <MessagesSquare aria-hidden="true" className="size-4" />
        Questions waiting for an answer
      </Link>
    </div>
  )
}

// /invite/$token: accept a course invite (PRODUCT.md §2). The loader reads the invite's preview; an unknown, mistyped
// or revoked token is this route's not-found state, and an unreachable API its error state, within a second or so.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { inviteQueries } from '@/features/courses/api/invite.queries'
import { InvitePage } from '@/features/courses/components/invite-page'
import { InviteLoadError, InviteNotFound, InvitePageSkeleton } from '@/features/courses/components/invite-states'
import { errorCode } from '@/lib/errors'

export const Route = createFileRoute('/invite/$token')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      await queryClient.ensureQueryData(inviteQueries.preview(params.token))
    } catch (error) {
      if (errorCode(error) === 'invite_invalid') throw notFound()
      throw error
    }
  },
  head: () => ({ meta: [{ title: 'Invitation · Summit' }] }),
  pendingComponent: InvitePageSkeleton,
  notFoundComponent: InviteNotFound,
  errorComponent: InviteLoadError,
  component: InviteRoute,
})

function InviteRoute() {
  const { token } = Route.useParams()
  const { data: preview } = useSuspenseQuery(inviteQueries.preview(token))
  return <InvitePage token={token} preview={preview} />
}

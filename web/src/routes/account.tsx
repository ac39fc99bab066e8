// /account: the signed-in user's profile (name, avatar, time zone). Signed-out visitors are sent to
// sign in and brought back here.
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { requireSession } from '@/features/auth/api/session'
import { profileQueries } from '@/features/account/api/profile.queries'
import { AccountPage } from '@/features/account/components/account-page'
import { AccountPageSkeleton } from '@/features/account/components/account-page-skeleton'
import { MyCertificatesSection } from '@/features/certificates/components/my-certificates-section'

const accountSearchSchema = z.object({
  /** Set by /auth/reset so the page can confirm the change. */
  passwordChanged: z.catch(z.optional(z.boolean()), undefined),
})

export const Route = createFileRoute('/account')({
  validateSearch: accountSearchSchema,
  beforeLoad: async ({ location }) => ({ session: await requireSession(location) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.detail(context.session.user.id)),
  head: () => ({ meta: [{ title: 'Your account · Summit' }] }),
  pendingComponent: AccountPageSkeleton,
  component: AccountRoute,
})

function AccountRoute() {
  const { session } = Route.useRouteContext()
  const { passwordChanged } = Route.useSearch()
  return (
    <div className="flex flex-col gap-10">
      <AccountPage userId={session.user.id} email={session.user.email} passwordChanged={passwordChanged} />
      <div className="mx-auto w-full max-w-2xl">
        <MyCertificatesSection userId={session.user.id} />
      </div>
    </div>
  )
}

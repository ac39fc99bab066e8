// /account: the signed-in user's profile (name, avatar, time zone), security (password, authenticator app and
// recovery codes, passkeys), certificates, notification preferences, the calendar subscription, and privacy
// (sessions, export, deletion).
// Signed-out visitors are sent to sign in and brought back here; destructive acts go through the shared step-up guard.
import { lazy, Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { useStepUp } from '@/features/auth/step-up/use-step-up'
import { profileQueries } from '@/features/account/api/profile.queries'
import { AccountPage } from '@/features/account/components/account-page'
import { AccountPageSkeleton } from '@/features/account/components/account-page-skeleton'
import { CalendarFeedSection } from '@/features/calendar/components/calendar-feed-section'
import { MyCertificatesSection } from '@/features/certificates/components/my-certificates-section'
import { NotificationPreferencesSection } from '@/features/notifications/components/notification-preferences-section'
import { PrivacySectionsSkeleton } from '@/features/account/privacy/components/privacy-sections-skeleton'
import type { SecuritySectionProps } from '@/features/account/security/components/security-section'
import { SecuritySectionSkeleton } from '@/features/account/security/components/security-section-skeleton'

// Password, two-step verification and passkeys load after the profile, in their own chunk, together with the
// new-password kit they share with the sign-up and reset forms.
const SecuritySection = lazy(() =>
  Promise.all([
    import('@/features/account/security/components/security-section'),
    import('@/features/auth/password'),
  ]).then(([security, { passwordTools }]) => ({
    default: (props: Omit<SecuritySectionProps, 'password'>) => (
      <security.SecuritySection {...props} password={passwordTools} />
    ),
  })),
)

// Sessions, export and deletion load after the profile, in their own chunk.
const PrivacySections = lazy(() =>
  import('@/features/account/privacy/components/privacy-sections').then((m) => ({ default: m.PrivacySections })),
)

const accountSearchSchema = z.object({
  /** Set by /auth/reset so the page can confirm the change. */
  passwordChanged: z.catch(z.optional(z.boolean()), undefined),
})

export const Route = createFileRoute('/_authenticated/account')({
  validateSearch: accountSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.detail(context.session.user.id)),
  head: () => ({ meta: [{ title: 'Your account · Summit' }] }),
  pendingComponent: AccountPageSkeleton,
  component: AccountRoute,
})

function AccountRoute() {
  const { session } = Route.useRouteContext()
  const { passwordChanged } = Route.useSearch()
  const { guard } = useStepUp()
  return (
    <div className="flex flex-col gap-10">
      <AccountPage userId={session.user.id} email={session.user.email} passwordChanged={passwordChanged} />
      <div className="mx-auto w-full max-w-2xl">
        <Suspense fallback={<SecuritySectionSkeleton />}>
          <SecuritySection userId={session.user.id} email={session.user.email} guard={guard} />
        </Suspense>
      </div>
      <div className="mx-auto w-full max-w-2xl">
        <MyCertificatesSection userId={session.user.id} />
      </div>
      <div className="mx-auto w-full max-w-2xl">
        <NotificationPreferencesSection userId={session.user.id} />
      </div>
      <div className="mx-auto w-full max-w-2xl">
        <CalendarFeedSection userId={session.user.id} />
      </div>
      <Suspense fallback={<PrivacySectionsSkeleton />}>
        <PrivacySections userId={session.user.id} email={session.user.email} guard={guard} />
      </Suspense>
    </div>
  )
}

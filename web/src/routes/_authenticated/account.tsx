// /account: the signed-in user's profile (name, avatar, time zone), security (password, authenticator app and
// recovery codes, passkeys), certificates, notification preferences, the calendar subscription, and privacy
// (sessions, export, deletion).
// Signed-out visitors are sent to sign in and brought back here; destructive acts go through the shared step-up guard.
import { createFileRoute } from '@tanstack/react-router'
import { LoadingBlocks } from '@/components/loading-blocks'
import { lazyRetrying } from '@/components/lazy-retrying'
import * as z from 'zod/mini'
import { useStepUp } from '@/features/auth/step-up/use-step-up'
import { profileQueries } from '@/features/account/api/profile.queries'
import { AccountPage } from '@/features/account/components/account-page'
import { AccountPageSkeleton } from '@/features/account/components/account-page-skeleton'
import { LazyAvatarUploader } from '@/features/account/components/lazy-avatar-uploader'
import { PrivacySectionsSkeleton } from '@/features/account/privacy/components/privacy-sections-skeleton'
import type { SecuritySectionProps } from '@/features/account/security/components/security-section'
import { SecuritySectionSkeleton } from '@/features/account/security/components/security-section-skeleton'

// The sections below the profile load after it, in chunks of their own, each through lazyRetrying: a chunk that
// failed to load is loaded again at the next mount (the error boundary's "Try again").
// Password, two-step verification and passkeys load together with the new-password kit they share with the sign-up
// and reset forms.
const SecuritySection = lazyRetrying(
  () =>
    Promise.all([
      import('@/features/account/security/components/security-section'),
      import('@/features/auth/password'),
    ]).then(
      ([security, { passwordTools }]) =>
        function SecuritySection(props: Omit<SecuritySectionProps, 'password'>) {
          return <security.SecuritySection {...props} password={passwordTools} />
        },
    ),
  <SecuritySectionSkeleton />,
)

// Sessions, export and deletion load after the profile, in their own chunk.
const PrivacySections = lazyRetrying(
  () => import('@/features/account/privacy/components/privacy-sections').then((m) => m.PrivacySections),
  <PrivacySectionsSkeleton />,
)

// Certificates, notification preferences and the calendar subscription come below the security section, and load
// after the profile too.
const LaterSections = lazyRetrying(
  () =>
    Promise.all([
      import('@/features/certificates/components/my-certificates-section'),
      import('@/features/notifications/components/notification-preferences-section'),
      import('@/features/calendar/components/calendar-feed-section'),
    ]).then(
      ([certificates, notifications, calendar]) =>
        function LaterSections({ userId }: { userId: string }) {
          return (
            <>
              <div className="mx-auto w-full max-w-2xl">
                <certificates.MyCertificatesSection userId={userId} />
              </div>
              <div className="mx-auto w-full max-w-2xl">
                <notifications.NotificationPreferencesSection userId={userId} />
              </div>
              <div className="mx-auto w-full max-w-2xl">
                <calendar.CalendarFeedSection userId={userId} />
              </div>
            </>
          )
        },
    ),
  <LoadingBlocks
    label="Loading certificates, notifications and the calendar subscription"
    blocks={['h-96 w-full rounded-xl']}
    className="mx-auto w-full max-w-2xl"
  />,
)

const accountSearchSchema = z.object({
  /** Set by /auth/reset so the page can confirm the change. */
  passwordChanged: z.catch(z.optional(z.boolean()), undefined),
})

export const Route = createFileRoute('/_authenticated/account')({
  validateSearch: accountSearchSchema,
  loader: ({ context }) => {
    // The picture's uploader (a chunk of its own) starts loading with the page, beside the profile.
    LazyAvatarUploader.preload()
    return context.queryClient.ensureQueryData(profileQueries.detail(context.session.user.id))
  },
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
        <SecuritySection userId={session.user.id} email={session.user.email} guard={guard} />
      </div>
      <LaterSections userId={session.user.id} />
      <PrivacySections userId={session.user.id} email={session.user.email} guard={guard} />
    </div>
  )
}

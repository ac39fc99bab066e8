// The header's right-hand side: "Sign in" for visitors; for a signed-in user, their avatar opening a
// menu with their name, Account and Sign out. The menu itself (account-dropdown.tsx) is loaded only once
// someone is signed in: most first visits are signed out and never need it.
import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { profileQueries } from '@/features/account/api/profile.queries'
import { UserAvatar } from '@/features/account/components/user-avatar'
import { useSession } from '@/lib/use-session'

const AccountDropdown = lazy(() => import('./account-dropdown').then((module) => ({ default: module.AccountDropdown })))

export function AccountMenu() {
  const { user, isLoading } = useSession()
  const href = useRouterState({ select: (state) => state.location.href })
  const profile = useQuery({ ...profileQueries.detail(user?.id ?? ''), enabled: Boolean(user) })

  // Hold the space while the stored session is read, so the header does not jump.
  if (isLoading) return <div className="size-11" aria-hidden="true" />

  if (!user) {
    const onAuthPage = href.startsWith('/auth/')
    return (
      <Button asChild variant="outline">
        <Link to="/auth/sign-in" search={onAuthPage ? {} : { redirect: href }}>
          Sign in
        </Link>
      </Button>
    )
  }

  const name = profile.data?.display_name ?? user.email ?? 'Your account'
  const avatar = <UserAvatar name={name} path={profile.data?.avatar_path} version={profile.data?.updated_at} />

  return (
    // Until the menu's code arrives, the avatar holds its place (same size, not yet a control).
    <Suspense
      fallback={
        <div className="flex size-11 items-center justify-center" aria-hidden="true">
          {avatar}
        </div>
      }
    >
      <AccountDropdown name={name} email={user.email} profile={profile.data} />
    </Suspense>
  )
}

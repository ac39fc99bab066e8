// The header's right-hand side: "Sign in" for visitors; for a signed-in user, their avatar opening a
// menu with their name, Account and Sign out. That menu (./signed-in-menu, with the avatar and the profile query) is
// loaded only once someone is signed in: most first visits are signed out and never need it.
import { lazy, Suspense } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { useSession } from '@/lib/use-session'

const SignedInMenu = lazy(() => import('./signed-in-menu').then((module) => ({ default: module.SignedInMenu })))

export function AccountMenu() {
  const { user, isLoading } = useSession()
  const href = useRouterState({ select: (state) => state.location.href })

  // Hold the space while the stored session is read, and while the menu's code arrives, so the header does not jump.
  const placeholder = <div className="size-11" aria-hidden="true" />
  if (isLoading) return placeholder

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

  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu user={user} />
    </Suspense>
  )
}

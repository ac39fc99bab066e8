// The header on every page: the product name (a link home), the primary links on wide screens
// and the `Menu` drawer below 640 px (Tailwind's `sm`); on the right, sign in or the bell and the account menu.
import { lazy, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Mountain } from 'lucide-react'
import { useAuthSync } from '@/features/auth/use-auth-sync'
import { NotificationBellSlot } from '@/features/notifications/components/notification-bell-slot'
import { useMediaQuery } from '@/lib/use-media-query'
import { AccountMenu } from './account-menu'
import { NavLinkList } from './nav-link-list'

// The drawer (a Radix Dialog) is only for small screens, so wide ones never download it.
const MobileNav = lazy(() => import('./mobile-nav').then((module) => ({ default: module.MobileNav })))

export function SiteHeader() {
  // The header is on every page, so it is where the app follows sign-ins and sign-outs.
  useAuthSync()
  const narrow = useMediaQuery('(width < 40rem)')
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
        {narrow ? (
          // The placeholder keeps the button's place while its code arrives.
          <Suspense fallback={<div className="-ml-2 size-11 shrink-0 sm:hidden" aria-hidden="true" />}>
            <MobileNav />
          </Suspense>
        ) : null}
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-semibold text-slate-900">
          <Mountain aria-hidden="true" className="size-6 text-teal-700" />
          Summit
        </Link>
        <nav aria-label="Primary" className="hidden sm:block">
          <NavLinkList layout="row" />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <NotificationBellSlot />
          <AccountMenu />
        </div>
      </div>
    </header>
  )
}

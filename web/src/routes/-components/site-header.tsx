// The header on every page: the product name (a link home), the primary links on wide screens
// and the `Menu` drawer below 640 px (Tailwind's `sm`); on the right, sign in or the account menu.
import { Link } from '@tanstack/react-router'
import { Mountain } from 'lucide-react'
import { useAuthSync } from '@/features/auth/use-auth-sync'
import { AccountMenu } from './account-menu'
import { MobileNav } from './mobile-nav'
import { NavLinkList } from './nav-link-list'

export function SiteHeader() {
  // The header is on every page, so it is where the app follows sign-ins and sign-outs.
  useAuthSync()
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
        <MobileNav />
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-semibold text-slate-900">
          <Mountain aria-hidden="true" className="size-6 text-teal-700" />
          Summit
        </Link>
        <nav aria-label="Primary" className="hidden sm:block">
          <NavLinkList layout="row" />
        </nav>
        <div className="ml-auto flex items-center">
          <AccountMenu />
        </div>
      </div>
    </header>
  )
}

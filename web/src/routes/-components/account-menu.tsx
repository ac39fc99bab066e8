// The header's right-hand side: "Sign in" for visitors; for a signed-in user, their avatar opening a
// menu with their name, Account and Sign out.
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { LogOut, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { profileQueries } from '@/features/account/api/profile.queries'
import { UserAvatar } from '@/features/account/components/user-avatar'
import { signOut } from '@/features/auth/api/auth.api'
import { useSession } from '@/features/auth/use-session'
import { supabase } from '@/lib/supabase'

export function AccountMenu() {
  const { user, isLoading } = useSession()
  const navigate = useNavigate()
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

  async function onSignOut() {
    await signOut(supabase).catch(() => undefined)
    await navigate({ to: '/' })
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          {/* Named by text, not aria-label: the initials shown are decoration (axe label-content-name-mismatch). */}
          <span className="sr-only">Account menu</span>
          <UserAvatar name={name} path={profile.data?.avatar_path} version={profile.data?.updated_at} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-slate-900">{name}</span>
          {user.email && user.email !== name ? <span className="block truncate">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden="true" className="size-4" />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void onSignOut()}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

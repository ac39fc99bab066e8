// The signed-in user's menu behind the header avatar: their name, Account, the studio ("Teach on Summit" for
// someone who teaches nowhere yet) and Sign out. Loaded on demand by
// account-menu.tsx, so visitors never download Radix's menu and its positioning code.
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { GraduationCap, LogOut, PenLine, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { Profile } from '@/features/account/api/profile.api'
import { UserAvatar } from '@/features/account/components/user-avatar'
import { signOut } from '@/features/auth/api/auth.api'
import { membershipQuery } from '@/features/studio/api/membership.queries'
import { supabase } from '@/lib/supabase'

interface AccountDropdownProps {
  userId: string
  name: string
  email: string | undefined
  profile: Profile | undefined
}

export function AccountDropdown({ userId, name, email, profile }: AccountDropdownProps) {
  const navigate = useNavigate()
  const member = useQuery(membershipQuery(userId))

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
          <UserAvatar name={name} path={profile?.avatar_path} version={profile?.updated_at} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-slate-900">{name}</span>
          {email && email !== name ? <span className="block truncate">{email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden="true" className="size-4" />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/studio">
            {member.data === true ? (
              <>
                <PenLine aria-hidden="true" className="size-4" />
                Studio
              </>
            ) : (
              <>
                <GraduationCap aria-hidden="true" className="size-4" />
                Teach on Summit
              </>
            )}
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

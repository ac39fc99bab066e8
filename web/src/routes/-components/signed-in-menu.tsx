// The header's control for a signed-in user: their avatar opening a menu with their name, Account and Sign out. It
// loads (with their profile query and the menu) only once someone is signed in: most first visits are signed out.
import { useQuery } from '@tanstack/react-query'
import type { User } from '@supabase/auth-js'
import { profileQueries } from '@/features/account/api/profile.queries'
import { AccountDropdown } from './account-dropdown'

export function SignedInMenu({ user }: { user: Pick<User, 'id' | 'email'> }) {
  const profile = useQuery(profileQueries.detail(user.id))
  const name = profile.data?.display_name ?? user.email ?? 'Your account'
  return <AccountDropdown userId={user.id} name={name} email={user.email} profile={profile.data} />
}

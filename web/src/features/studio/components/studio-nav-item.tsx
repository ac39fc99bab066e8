// The header's "Studio" entry, shown only to signed-in members of a school (owners and instructors).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSession } from '@/lib/use-session'
import { membershipQuery } from '../api/membership.queries'

interface StudioNavItemProps {
  className: string
  onNavigate?: (() => void) | undefined
}

export function StudioNavItem({ className, onNavigate }: StudioNavItemProps) {
  const { user } = useSession()
  const member = useQuery({ ...membershipQuery(user?.id ?? ''), enabled: Boolean(user) })
  if (!user || member.data !== true) return null
  return (
    <li>
      <Link to="/studio" onClick={onNavigate} className={className}>
        Studio
      </Link>
    </li>
  )
}

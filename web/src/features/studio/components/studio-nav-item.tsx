// The header's way into the studio: "Studio" for members of a school (owners and instructors), "Teach on Summit"
// for everyone else: a signed-in learner goes to the studio to create a school, a visitor creates an account first.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSession } from '@/lib/use-session'
import { membershipQuery } from '../api/membership.queries'

interface StudioNavItemProps {
  className: string
  onNavigate?: (() => void) | undefined
}

export function StudioNavItem({ className, onNavigate }: StudioNavItemProps) {
  const { user, isLoading } = useSession()
  const member = useQuery({ ...membershipQuery(user?.id ?? ''), enabled: Boolean(user) })
  if (isLoading || (user && member.isPending)) return null
  if (!user) {
    return (
      <li>
        <Link to="/auth/sign-up" search={{ redirect: '/studio' }} onClick={onNavigate} className={className}>
          Teach on Summit
        </Link>
      </li>
    )
  }
  return (
    <li>
      <Link to="/studio" onClick={onNavigate} className={className}>
        {member.data === true ? 'Studio' : 'Teach on Summit'}
      </Link>
    </li>
  )
}

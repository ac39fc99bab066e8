// The header's "Calendar" entry (lucide Calendar), for signed-in users only.
import { Link } from '@tanstack/react-router'
import { Calendar } from 'lucide-react'
import { useSession } from '@/lib/use-session'

interface CalendarNavItemProps {
  className: string
  onNavigate?: (() => void) | undefined
}

export function CalendarNavItem({ className, onNavigate }: CalendarNavItemProps) {
  const { user } = useSession()
  if (!user) return null
  return (
    <li>
      <Link to="/calendar" onClick={onNavigate} className={className}>
        <Calendar aria-hidden="true" className="mr-1.5 size-4" />
        Calendar
      </Link>
    </li>
  )
}

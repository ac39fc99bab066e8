// The header's "Achievements" entry (`Trophy`), for signed-in users only: visitors have none to see.
import { Link } from '@tanstack/react-router'
import { Trophy } from 'lucide-react'
import { useSession } from '@/lib/use-session'

interface AchievementsNavItemProps {
  className: string
  onNavigate?: (() => void) | undefined
}

export function AchievementsNavItem({ className, onNavigate }: AchievementsNavItemProps) {
  const { user } = useSession()
  if (!user) return null
  return (
    <li>
      <Link to="/achievements" onClick={onNavigate} className={className}>
        <Trophy aria-hidden="true" className="mr-1.5 size-4" />
        Achievements
      </Link>
    </li>
  )
}

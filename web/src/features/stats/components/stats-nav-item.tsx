// The header's "Stats" entry (lucide ChartColumn), for signed-in users only.
import { Link } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'
import { useSession } from '@/lib/use-session'

interface StatsNavItemProps {
  className: string
  onNavigate?: (() => void) | undefined
}

export function StatsNavItem({ className, onNavigate }: StatsNavItemProps) {
  const { user } = useSession()
  if (!user) return null
  return (
    <li>
      <Link to="/stats" onClick={onNavigate} className={className}>
        <ChartColumn aria-hidden="true" className="mr-1.5 size-4" />
        Stats
      </Link>
    </li>
  )
}

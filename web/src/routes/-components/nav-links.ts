// The primary navigation, shared by the header (wide screens) and the drawer (small screens): links for everyone,
// then links for signed-in users with their lucide icon (visitors have no calendar, stats or trophies to see).
// Only routes that exist are listed: `Link` is typed against the route tree, so an entry for a route that has not
// landed yet fails the typecheck until it does.
import { Calendar, ChartColumn, Trophy } from 'lucide-react'

export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
] as const

export const signedInNavLinks = [
  { to: '/calendar', label: 'Calendar', icon: Calendar },
  { to: '/stats', label: 'Stats', icon: ChartColumn },
  { to: '/achievements', label: 'Achievements', icon: Trophy },
] as const

export type NavLink = (typeof navLinks)[number]

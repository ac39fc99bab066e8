// The primary navigation, shared by the header (wide screens) and the drawer (small screens).
// Only routes that exist are listed: `Link` is typed against the route tree, so an entry for a
// route that has not landed yet (Courses, Calendar, ...) fails the typecheck until it does.
export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
] as const

export type NavLink = (typeof navLinks)[number]

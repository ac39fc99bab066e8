// Renders the primary links; `layout` picks a row (header) or a column (drawer).
import { Link } from '@tanstack/react-router'
import { StudioNavItem } from '@/features/studio/components/studio-nav-item'
import { cn } from '@/lib/cn'
import { useSession } from '@/lib/use-session'
import { navLinks, signedInNavLinks } from './nav-links'

interface NavLinkListProps {
  layout: 'row' | 'column'
  /** Called after a link is followed, so the drawer can close itself. */
  onNavigate?: () => void
}

export function NavLinkList({ layout, onNavigate }: NavLinkListProps) {
  const signedIn = Boolean(useSession().user)
  const linkClass = cn(
    'flex items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    'data-[status=active]:bg-teal-50 data-[status=active]:text-teal-800',
    layout === 'row' ? 'h-10' : 'h-11 text-base',
  )
  return (
    <ul className={cn('flex', layout === 'row' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {navLinks.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            // Home is a prefix of every path; without `exact` it would always look active.
            activeOptions={{ exact: link.to === '/' }}
            onClick={onNavigate}
            className={linkClass}
          >
            {link.label}
          </Link>
        </li>
      ))}
      {/* Only for signed-in users; the list above is for everyone. */}
      {signedIn
        ? signedInNavLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} onClick={onNavigate} className={linkClass}>
                <Icon aria-hidden="true" className="mr-1.5 size-4" />
                {label}
              </Link>
            </li>
          ))
        : null}
      {/* Only for school members. */}
      <StudioNavItem className={linkClass} onNavigate={onNavigate} />
    </ul>
  )
}

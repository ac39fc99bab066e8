// "by <School>" on a course page: the school's logo and name as a link to its page, on the school's accent colour
// when it has one. The name shows at once from the course; the logo and colour come with the school page's query
// (so opening the school next is instant); until they arrive, or if they cannot be read, the link shows the school's
// initial in Summit's teal.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { accentTextHex } from '@/lib/schools/accent'
import { schoolQueries } from '../api/schools.queries'
import { SchoolLogo } from './school-logo'

export function SchoolByline({ school }: { school: { slug: string; name: string } }) {
  const page = useQuery(schoolQueries.page(school.slug))
  const data = page.data
  const accent = data?.accent_color && data.accent_text ? data.accent_color : null
  const text = data?.accent_text ? accentTextHex(data.accent_text) : undefined
  return (
    <p className="flex min-w-0 items-center text-sm">
      <Link
        to="/schools/$slug"
        params={{ slug: school.slug }}
        style={accent ? { backgroundColor: accent, color: text } : undefined}
        className={
          accent
            ? 'inline-flex max-w-full min-w-0 items-center gap-2 rounded-full py-1 pr-3 pl-1 font-medium underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 focus-visible:outline-none'
            : 'inline-flex max-w-full min-w-0 items-center gap-2 font-medium text-teal-800 underline-offset-2 hover:underline'
        }
      >
        <SchoolLogo
          name={school.name}
          path={data?.logo_path ?? null}
          accentColor={data?.accent_color}
          accentText={data?.accent_text}
          size={24}
          className="rounded-full"
        />
        <span className="truncate">by {school.name}</span>
      </Link>
    </p>
  )
}

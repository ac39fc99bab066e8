// The top of a school page: a band in the school's accent colour (with the text colour that reads on it, white or
// dark, as the database decided) holding its logo and name; the owner also gets the way to edit the page.
import { Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { accentTextHex } from '@/lib/schools/accent'
import type { SchoolPage } from '../api/school-page.api'
import { SchoolLogo } from './school-logo'

export function SchoolHero({ school }: { school: SchoolPage }) {
  const accent = school.accent_color && school.accent_text ? school.accent_color : null
  const text = school.accent_text ? accentTextHex(school.accent_text) : undefined
  return (
    <header
      style={accent ? { backgroundColor: accent, color: text } : undefined}
      className={
        accent
          ? 'flex flex-col gap-4 rounded-xl p-5 sm:flex-row sm:items-center sm:p-6'
          : 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 text-slate-900 sm:flex-row sm:items-center sm:p-6'
      }
    >
      <SchoolLogo
        name={school.name}
        path={school.logo_path}
        accentColor={school.accent_color}
        accentText={school.accent_text}
        size={80}
        className="ring-2 ring-white/70"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium">School on Summit</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-balance sm:text-3xl">{school.name}</h1>
      </div>
      {school.viewer.is_owner ? (
        <Link
          to="/studio/schools/$schoolId/page"
          params={{ schoolId: school.id }}
          style={accent ? { color: text, borderColor: 'currentColor' } : undefined}
          className="inline-flex items-center gap-2 self-start rounded-md border border-slate-300 px-3 py-2 text-sm font-medium underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none sm:self-center"
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit school page
        </Link>
      ) : null}
    </header>
  )
}

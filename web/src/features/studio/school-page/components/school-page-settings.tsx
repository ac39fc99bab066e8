// /studio/schools/$schoolId/page: the school's public page as its owners edit it — the logo (uploaded and cropped as
// covers are), the about text and the accent colour. The name and address stay as they are here. Instructors see
// that only owners edit the page, and the way to it.
import { Link } from '@tanstack/react-router'
import { ArrowLeft, ExternalLink } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import type { SchoolPageSettings as Settings } from '../api/school-page.api'
import { LazyLogoUpload } from './lazy-logo-upload'
import { SchoolPageForm } from './school-page-form'

const card = 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm'

export function SchoolPageSettings({ school, userId }: { school: Settings; userId: string }) {
  const isOwner = school.role === 'owner'
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link to="/studio" className="flex items-center gap-1 text-sm text-teal-800 underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Studio
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
          School page of {school.name}
        </h1>
        <p className="text-slate-600">
          What visitors see at{' '}
          <Link
            to="/schools/$slug"
            params={{ slug: school.slug }}
            className="inline-flex items-center gap-1 font-medium break-all text-teal-800 underline underline-offset-2"
          >
            /schools/{school.slug}
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          </Link>
          , once the school has a published course. Its courses and instructors come from the courses themselves.
        </p>
      </div>
      {isOwner ? (
        <>
          <section aria-labelledby="logo-heading" className={card}>
            <h2 id="logo-heading" className="text-lg font-semibold text-slate-900">
              Logo
            </h2>
            <LazyLogoUpload school={school} userId={userId} />
          </section>
          <section aria-labelledby="page-text-heading" className={card}>
            <h2 id="page-text-heading" className="text-lg font-semibold text-slate-900">
              About and colour
            </h2>
            <SchoolPageForm school={school} userId={userId} />
          </section>
        </>
      ) : (
        <Alert tone="info">Only the school’s owners edit its page. Ask an owner to change it.</Alert>
      )}
    </div>
  )
}

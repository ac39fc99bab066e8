// /account's "Certificates": every certificate the learner holds, newest first, each with its verification page
// and PDF; a revoked one says so. Loads on its own so the profile above never waits for it.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Award } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { certificateQueries } from '../api/certificates.queries'
import { formatLongDate as formatDate } from '@/lib/format/date'
import { formatStudyTime } from '@/lib/format/duration'
import { CertificateActions } from './certificate-actions'

export function MyCertificatesSection({ userId }: { userId: string }) {
  const certificates = useQuery(certificateQueries.mine(userId))
  return (
    <section aria-labelledby="certificates-heading" className="flex flex-col gap-3">
      <h2 id="certificates-heading" className="text-xl font-semibold text-slate-900">
        Certificates
      </h2>
      {certificates.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your certificates…
          </p>
          <Skeleton className="h-24 w-full rounded-xl" />
        </>
      ) : certificates.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>{errorMessage(certificates.error)}</p>
          <Button variant="outline" onClick={() => void certificates.refetch()}>
            Try again
          </Button>
        </div>
      ) : certificates.data.length === 0 ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Award aria-hidden="true" className="size-5 text-slate-400" />
          Finish a course that awards a certificate and it appears here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {certificates.data.map((certificate) => (
            <li key={certificate.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-medium text-slate-900">
                <Link to="/c/$code" params={{ code: certificate.code }} className="hover:underline">
                  {certificate.courseTitle}
                </Link>
              </h3>
              <p className="text-sm text-slate-600">
                {certificate.schoolName} · issued {formatDate(certificate.issuedAt)}
                {studyTime(certificate.hours)}
                {' · '}
                <span className="font-mono">{certificate.code}</span>
              </p>
              {certificate.revokedAt ? (
                <p className="text-sm font-medium text-red-800">Revoked on {formatDate(certificate.revokedAt)}</p>
              ) : (
                <CertificateActions
                  by={{ courseId: certificate.courseId }}
                  code={certificate.code}
                  courseTitle={certificate.courseTitle}
                  schoolName={certificate.schoolName}
                  issuedAt={certificate.issuedAt}
                  share
                  linkedIn
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** " · 45 minutes" of study, or nothing when none was measured (a course of text lessons): never "0 hours". */
function studyTime(hours: number): string {
  const time = formatStudyTime(hours)
  return time ? ` · ${time}` : ''
}

// The certificate part of the finish moment, composed into the player's finish dialog by its route: the learner's
// new certificate (download, share, copy link, LinkedIn) when the course awards one, and other courses of the
// school to take next.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Award } from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'
import { myCertificatesQuery } from '@/lib/certificates/my-certificates'
import { errorMessage } from '@/lib/errors'
import { useSession } from '@/lib/use-session'
import { certificateQueries } from '../api/certificates.queries'
import { CertificateActions } from './certificate-actions'

export interface CourseFinishProps {
  courseId: string
  schoolId: string
  schoolName: string
  certificateEnabled: boolean
}

export function CourseFinish({ courseId, schoolId, schoolName, certificateEnabled }: CourseFinishProps) {
  return (
    <div className="flex w-full flex-col gap-4 text-left">
      {certificateEnabled ? <FinishCertificate courseId={courseId} /> : null}
      <NextCourses courseId={courseId} schoolId={schoolId} schoolName={schoolName} />
    </div>
  )
}

/** How long the finish moment reads the learner's certificates again, waiting for this course's one. */
const waitMs = 30_000

function FinishCertificate({ courseId }: { courseId: string }) {
  const { user } = useSession()
  const [openedAt] = useState(() => Date.now())
  // Issued in the same transaction as the last lesson: read afresh when the moment opens. The moment may open
  // before that write has committed (the tick shows at once), so the list is read again until the certificate is
  // in it, for about half a minute; after that the learner is told where it will be.
  const certificates = useQuery({
    ...myCertificatesQuery(user?.id ?? ''),
    enabled: Boolean(user),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.courseId === courseId) || query.state.dataUpdatedAt - openedAt > waitMs
        ? false
        : 1500,
  })
  const certificate = certificates.data?.find((item) => item.courseId === courseId)
  const gaveUp = !certificate && certificates.dataUpdatedAt - openedAt > waitMs

  return (
    <section
      aria-labelledby="finish-certificate-heading"
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3"
    >
      <h3 id="finish-certificate-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Award aria-hidden="true" className="size-5 text-amber-600" />
        Your certificate
      </h3>
      {certificates.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(certificates.error)}
        </p>
      ) : gaveUp ? (
        <p className="text-sm text-slate-700">
          Your certificate is on its way: it will be listed on{' '}
          <Link to="/account" className="font-medium text-teal-800 underline">
            your account page
          </Link>
          .
        </p>
      ) : !certificate ? (
        <Skeleton className="h-11 w-full" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Anyone can check it at{' '}
            <Link to="/c/$code" params={{ code: certificate.code }} className="font-medium text-teal-800 underline">
              its verification page
            </Link>{' '}
            with the code <span className="font-mono">{certificate.code}</span>.
          </p>
          <CertificateActions
            by={{ courseId }}
            code={certificate.code}
            courseTitle={certificate.courseTitle}
            schoolName={certificate.schoolName}
            issuedAt={certificate.issuedAt}
            share
            linkedIn
          />
        </>
      )}
    </section>
  )
}

function NextCourses({ courseId, schoolId, schoolName }: { courseId: string; schoolId: string; schoolName: string }) {
  const { data: courses } = useQuery(certificateQueries.nextCourses(schoolId, courseId))
  if (!courses || courses.length === 0) return null
  return (
    <section aria-labelledby="finish-next-heading" className="flex flex-col gap-2">
      <h3 id="finish-next-heading" className="font-semibold text-slate-900">
        More from {schoolName}
      </h3>
      <ul className="flex flex-col gap-1">
        {courses.map((course) => (
          <li key={course.id}>
            <Link to="/courses/$slug" params={{ slug: course.slug }} className="font-medium text-teal-800 underline">
              {course.title}
            </Link>
            {course.subtitle ? <span className="block text-sm text-slate-600">{course.subtitle}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

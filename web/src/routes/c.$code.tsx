// /c/$code: public certificate verification (PRODUCT.md §2), no sign-in. The loader asks verify_certificate for the
// exact code; an unknown or malformed code is this route's not-found state (never retried), an unreachable API or
// too many lookups its error state. Title and open-graph tags name the certificate.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { certificateQueries } from '@/features/certificates/api/certificates.queries'
import { OpenGraphMeta } from '@/features/certificates/components/open-graph-meta'
import { VerificationPage } from '@/features/certificates/components/verification-page'
import {
  CertificateNotFound,
  VerificationError,
  VerificationSkeleton,
} from '@/features/certificates/components/verification-states'
import { errorCode } from '@/lib/errors'

export const Route = createFileRoute('/c/$code')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      const certificate = await queryClient.ensureQueryData(certificateQueries.verify(params.code))
      return { learnerName: certificate.learner_name, courseTitle: certificate.course_title }
    } catch (error) {
      if (errorCode(error) === 'certificate_not_found') throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: `${loaderData.courseTitle} · ${loaderData.learnerName} · Certificate · Summit` },
          { property: 'og:title', content: `${loaderData.learnerName} completed ${loaderData.courseTitle}` },
          { property: 'og:type', content: 'website' },
        ]
      : [{ title: 'Certificate · Summit' }],
  }),
  pendingComponent: VerificationSkeleton,
  notFoundComponent: CertificateNotFound,
  errorComponent: VerificationError,
  component: CertificateRoute,
})

function CertificateRoute() {
  const { code } = Route.useParams()
  const { data: certificate } = useSuspenseQuery(certificateQueries.verify(code))
  return (
    <>
      <OpenGraphMeta
        tags={{
          'og:title': `${certificate.learner_name} completed ${certificate.course_title}`,
          'og:description': `Certificate of completion from ${certificate.school_name}, verified by Summit.`,
          'og:url': window.location.href,
          'og:type': 'website',
        }}
      />
      <VerificationPage certificate={certificate} />
    </>
  )
}

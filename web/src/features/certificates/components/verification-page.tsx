// The public verification page (/c/<code>): who earned which course at which school, when, with how many hours,
// and whether it is still valid (a revoked one shows the date of revocation, never the reason).
import { BadgeCheck, ShieldX } from 'lucide-react'
import type { VerifiedCertificate } from '../api/certificates.api'
import { formatLongDate as formatDate } from '@/lib/format/date'
import { formatStudyTime } from '@/lib/format/duration'
import { CertificateActions } from './certificate-actions'

export function VerificationPage({ certificate }: { certificate: VerifiedCertificate }) {
  const valid = certificate.status === 'valid'
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-4">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Certificate of completion</p>
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {certificate.learner_name} completed {certificate.course_title}
        </h1>
      </header>
      <p
        role="status"
        className={
          valid
            ? 'flex items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 p-3 font-medium text-teal-900'
            : 'flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900'
        }
      >
        {valid ? (
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <ShieldX aria-hidden="true" className="size-5 shrink-0" />
        )}
        {valid
          ? 'Valid: this certificate was issued by Summit and has not been revoked.'
          : `Revoked on ${formatDate(certificate.revoked_at ?? certificate.issued_at)}: this certificate is no longer valid.`}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <Field label="Learner" value={certificate.learner_name} />
        <Field label="Course" value={certificate.course_title} />
        <Field label="School" value={certificate.school_name} />
        <Field label="Issued" value={formatDate(certificate.issued_at)} />
        {/* No study time measured (text lessons only) prints nothing rather than "0 hours". */}
        {formatStudyTime(certificate.hours) ? (
          <Field label="Study time" value={formatStudyTime(certificate.hours) ?? ''} />
        ) : null}
        <Field label="Certificate code" value={certificate.code} mono />
      </dl>
      {valid ? (
        <CertificateActions
          by={{ code: certificate.code }}
          code={certificate.code}
          courseTitle={certificate.course_title}
          schoolName={certificate.school_name}
          issuedAt={certificate.issued_at}
          linkedIn
        />
      ) : null}
    </article>
  )
}

function Field({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={mono ? 'font-mono text-base tracking-wider text-slate-900' : 'text-base font-medium text-slate-900'}
      >
        {value}
      </dd>
    </div>
  )
}

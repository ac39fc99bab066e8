// A learner's certificate on the learners page: its code and state, and revoking it with a reason. Revoking needs
// two-factor sign-in (the database refuses without it): the step-up dialog asks for the second factor and revokes
// again; when that is cancelled the refusal is explained here, and the reason typed stays in the form.
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { courseCertificatesQuery } from '@/lib/certificates/course-certificates'
import { errorFields } from '@/lib/errors'
import { useRevokeLearnerCertificate } from '../api/learners.mutations'
import { formatDate } from '@/lib/format/date'
import { ReasonField, RefusalAlert } from './reason-parts'

export const revokeAal2Explanation =
  'Revoking a certificate needs two-factor sign-in. Revoke again and confirm with your authenticator app or a passkey when asked; if you have neither, set one up on your account page.'

export function CertificateRevoke({ courseId, userId }: { courseId: string; userId: string }) {
  const id = useId()
  const certificates = useQuery(courseCertificatesQuery(courseId))
  const revoke = useRevokeLearnerCertificate(courseId)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const certificate = certificates.data?.find((item) => item.user_id === userId)
  if (!certificate) return null

  const serverField = revoke.isError ? errorFields(revoke.error).reason : undefined
  const fieldError = missing ? 'Say why the certificate is revoked.' : serverField

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        Certificate
      </h3>
      <p className="text-sm text-slate-700">
        <Link to="/c/$code" params={{ code: certificate.code }} className="font-mono text-teal-800 underline">
          {certificate.code}
        </Link>{' '}
        · issued {formatDate(certificate.issued_at)}
        {certificate.revoked_at ? ` · revoked ${formatDate(certificate.revoked_at)}` : ''}
      </p>
      {certificate.revoked_at ? (
        certificate.revoke_reason ? (
          <p className="text-sm text-slate-700">Reason: {certificate.revoke_reason}</p>
        ) : null
      ) : !open ? (
        <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
          Revoke certificate
        </Button>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (reason.trim() === '') {
              setMissing(true)
              return
            }
            setMissing(false)
            revoke.mutate({ certificateId: certificate.certificate_id, reason: reason.trim() })
          }}
        >
          <p className="text-sm text-slate-700">
            The verification page will show the certificate as revoked, with today&apos;s date. The reason stays with
            the school.
          </p>
          <ReasonField id={id} label="Reason for revoking" value={reason} onChange={setReason} error={fieldError} />
          {revoke.isError && !serverField ? (
            <RefusalAlert error={revoke.error} aal2Explanation={revokeAal2Explanation} />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={revoke.isPending} className="bg-red-700 hover:bg-red-800">
              {revoke.isPending ? 'Revoking…' : 'Revoke certificate'}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}

// What a learner or visitor does with a certificate: download the PDF (a signed URL, rendered on first use), share
// the verification link (the system share sheet where there is one), copy it, and add it to LinkedIn.
import { useState } from 'react'
import { Check, Copy, Download, Share2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/errors'
import { useCertificatePdf } from '../api/certificates.mutations'
import { linkedInAddUrl, verificationUrl } from '../lib/certificate-links'

export interface CertificateActionsProps {
  /** The learner asks by course (their own); anyone else by code. */
  by: { courseId: string } | { code: string }
  code: string
  courseTitle: string
  schoolName: string
  issuedAt: string
  /** Sharing is the learner's; a visitor downloads and adds to LinkedIn only where it is theirs to add. */
  share?: boolean
  linkedIn?: boolean
}

export function CertificateActions({
  by,
  code,
  courseTitle,
  schoolName,
  issuedAt,
  share = false,
  linkedIn = false,
}: CertificateActionsProps) {
  const pdf = useCertificatePdf()
  const [copied, setCopied] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  const url = verificationUrl(code)

  function download() {
    pdf.mutate(by, { onSuccess: ({ url: signed }) => window.location.assign(signed) })
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setCopyFailed(false)
    } catch {
      setCopyFailed(true)
    }
  }

  async function shareLink() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${courseTitle} certificate`, url })
        return
      } catch {
        // Dismissed or refused: copying is the fallback.
      }
    }
    await copy()
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={download} disabled={pdf.isPending} className="min-h-11">
          {pdf.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
          Download PDF
        </Button>
        {share ? (
          <>
            <Button variant="outline" onClick={() => void shareLink()} className="min-h-11">
              <Share2 aria-hidden="true" className="size-4" />
              Share
            </Button>
            <Button variant="outline" onClick={() => void copy()} className="min-h-11">
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          </>
        ) : null}
        {linkedIn ? (
          <Button asChild variant="outline" className="min-h-11">
            <a href={linkedInAddUrl({ courseTitle, schoolName, issuedAt, code, url })} target="_blank" rel="noreferrer">
              Add to LinkedIn
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {copyFailed ? `Copy this link: ${url}` : copied ? 'The verification link is on your clipboard.' : ''}
      </p>
      {pdf.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(pdf.error)}
        </p>
      ) : null}
    </div>
  )
}

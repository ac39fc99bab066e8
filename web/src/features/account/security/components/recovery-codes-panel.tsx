// A new set of recovery codes, shown this once: copy them, download them as a .txt file, then say they
// are saved. Summit keeps only their hashes, so they cannot be shown again.
import { useEffect, useRef } from 'react'
import { Download } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/copy-button'

interface RecoveryCodesPanelProps {
  codes: string[]
  email: string | undefined
  onSaved: () => void
}

export function RecoveryCodesPanel({ codes, email, onSaved }: RecoveryCodesPanelProps) {
  const text = recoveryCodesText(codes, email)
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
  const listRef = useRef<HTMLDivElement>(null)
  useEffect(() => listRef.current?.focus(), [])

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info" title="Save these recovery codes now">
        If you lose your phone, each code signs you in once instead of a code from your app. This is the only time we
        show them.
      </Alert>
      <div ref={listRef} tabIndex={-1} aria-label="Your recovery codes" role="group" className="focus:outline-none">
        <ol className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 min-[360px]:grid-cols-2">
          {codes.map((code) => (
            <li key={code} className="tracking-wide">
              {code}
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy codes" />
        <Button variant="outline" asChild>
          <a href={href} download="summit-recovery-codes.txt">
            <Download aria-hidden="true" className="size-4" />
            Download as .txt
          </a>
        </Button>
      </div>
      <div>
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </div>
  )
}

/** The downloaded file: a heading line, the account, one code per line. */
export function recoveryCodesText(codes: readonly string[], email: string | undefined): string {
  const header = [`Summit recovery codes${email ? ` for ${email}` : ''}`, 'Each code works once.', '']
  return [...header, ...codes, ''].join('\n')
}

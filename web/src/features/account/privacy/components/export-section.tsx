// /account's "Export your data": one button that asks account-export for everything the account owns and saves it
// as summit-export-<date>.json. Certificate and avatar links in the file are signed and expire after a while.
import { useState } from 'react'
import { Download } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import { useExportAccount } from '../api/privacy.mutations'
import { downloadJson, exportFileName } from '../lib/export-file'
import { PrivacySection } from './privacy-section'

export function ExportSection() {
  const exportAccount = useExportAccount()
  const [savedAs, setSavedAs] = useState<string | null>(null)

  const start = () => {
    setSavedAs(null)
    exportAccount.mutate(undefined, {
      onSuccess: (document) => {
        const name = exportFileName()
        downloadJson(document, name)
        setSavedAs(name)
      },
    })
  }

  return (
    <PrivacySection title="Export your data">
      <p className="text-sm text-slate-600">
        Download everything Summit keeps about you as one JSON file: your profile, courses and progress, study activity,
        notes, questions and answers, certificates and achievements. Links to your files in it work for a limited time.
      </p>
      <SubmitButton
        type="button"
        variant="outline"
        className="self-start"
        busy={exportAccount.isPending}
        onClick={start}
      >
        {exportAccount.isPending ? null : <Download aria-hidden="true" className="size-4" />}
        {exportAccount.isPending ? 'Preparing your file…' : 'Download my data'}
      </SubmitButton>
      {exportAccount.isError ? <Alert tone="error">{errorMessage(exportAccount.error)}</Alert> : null}
      {savedAs ? <Alert tone="success">Your data is downloading as {savedAs}.</Alert> : null}
    </PrivacySection>
  )
}

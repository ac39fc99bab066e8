// /account's "Delete your account": what deletion means, and the dialog that does it. After deletion the page
// loads the home page afresh (nothing of the deleted account left in memory), which confirms it.
import type { StepUpGuard } from '../api/privacy.mutations'
import { PrivacySection } from './privacy-section'
import { DeleteAccountDialog } from './delete-account-dialog'
import { rememberAccountDeleted } from '../lib/deleted-notice'

export function DeleteAccountSection({ email, guard }: { email: string; guard: StepUpGuard }) {
  const leave = () => {
    rememberAccountDeleted()
    // A full load rather than a router navigation: no cached data of the deleted account survives, and the sign-out
    // the auth listener reacts to cannot race this navigation to the sign-in page.
    window.location.assign('/')
  }
  return (
    <PrivacySection title="Delete your account">
      <p className="text-sm text-slate-600">
        Delete your Summit account and everything in it: your profile, progress, notes, questions and certificates.
        Download your data first if you want to keep a copy.
      </p>
      <DeleteAccountDialog email={email} guard={guard} onDeleted={leave} />
    </PrivacySection>
  )
}

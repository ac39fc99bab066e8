// The privacy part of /account (sessions, export, deletion), loaded lazily by the route so the profile shows first.
import type { StepUpGuard } from '../api/privacy.mutations'
import { DeleteAccountSection } from './delete-account-section'
import { ExportSection } from './export-section'
import { SessionsSection } from './sessions-section'

interface PrivacySectionsProps {
  userId: string
  email: string | undefined
  /** useStepUp().guard from the route, for the deletion. */
  guard: StepUpGuard
}

export function PrivacySections({ userId, email, guard }: PrivacySectionsProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <SessionsSection userId={userId} />
      <ExportSection />
      {email ? <DeleteAccountSection email={email} guard={guard} /> : null}
    </div>
  )
}

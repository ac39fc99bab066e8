// Two-step verification with an authenticator app: the user's apps (verified TOTP factors) with a way to
// remove each (step-up first), adding one, and the recovery codes left with a way to make a new set.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, Smartphone } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import type { TotpFactor } from '../api/mfa.api'
import { useCreateRecoveryCodes, useUnenrollFactor } from '../api/security.mutations'
import { securityQueries } from '../api/security.queries'
import { securityErrorMessage } from '../lib/security-errors'
import { ConfirmDialog } from './confirm-dialog'
import { FormError } from '@/components/form-error'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TotpEnrollDialog } from './totp-enroll-dialog'
import { formatAddedOn } from '../lib/dates'

interface TotpSectionProps {
  userId: string
  email: string | undefined
}

export function TotpSection({ userId, email }: TotpSectionProps) {
  const factors = useQuery(securityQueries.totpFactors(userId))
  const [enrolling, setEnrolling] = useState(false)
  const verified = factors.data?.filter((factor) => factor.status === 'verified') ?? []

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        After your password, Summit asks for a code from an app on your phone, so a stolen password alone is not enough.
      </p>
      {factors.isPending ? (
        <div role="status" aria-label="Loading your authenticator apps" className="flex flex-col gap-2">
          <Skeleton className="h-14" />
        </div>
      ) : factors.isError ? (
        <Alert tone="error" title="We couldn’t load your authenticator apps">
          <p>{securityErrorMessage(factors.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void factors.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : verified.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          Two-step verification is off. Add an authenticator app to turn it on.
        </p>
      ) : (
        <ul
          aria-label="Your authenticator apps"
          className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {verified.map((factor) => (
            <FactorRow key={factor.id} userId={userId} factor={factor} />
          ))}
        </ul>
      )}
      <div>
        <Button variant={verified.length ? 'outline' : 'primary'} onClick={() => setEnrolling(true)}>
          <Smartphone aria-hidden="true" className="size-4" />
          {verified.length ? 'Add another app' : 'Add an authenticator app'}
        </Button>
      </div>
      {verified.length ? <RecoveryCodesStatus userId={userId} email={email} /> : null}
      {enrolling ? <TotpEnrollDialog userId={userId} email={email} open onOpenChange={setEnrolling} /> : null}
    </div>
  )
}

function FactorRow({ userId, factor }: { userId: string; factor: TotpFactor }) {
  const [confirming, setConfirming] = useState(false)
  const unenroll = useUnenrollFactor(userId)
  const name = factor.friendly_name || 'Authenticator app'
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium break-words text-slate-900">{name}</span>
        <span className="text-sm text-slate-600">Added {formatAddedOn(factor.created_at)}</span>
      </div>
      <Button variant="outline" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${name}?`}
        description="Summit will stop asking for this app’s codes. If it is your only app, two-step verification turns off and your recovery codes stop working."
        action="Remove app"
        onConfirm={() => unenroll.mutateAsync(factor.id)}
        errorText={securityErrorMessage}
      />
    </li>
  )
}

function RecoveryCodesStatus({ userId, email }: { userId: string; email: string | undefined }) {
  const left = useQuery(securityQueries.recoveryCodesLeft(userId))
  const create = useCreateRecoveryCodes(userId, { guarded: true })
  const [codes, setCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const generate = () => {
    setError(null)
    create.mutate(undefined, { onSuccess: setCodes, onError: (failure) => setError(securityErrorMessage(failure)) })
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <h4 className="flex items-center gap-2 font-medium text-slate-900">
        <KeyRound aria-hidden="true" className="size-4" />
        Recovery codes
      </h4>
      <p className="text-sm text-slate-700" data-testid="recovery-codes-left">
        {left.isPending
          ? 'Checking your recovery codes…'
          : left.isError
            ? 'We couldn’t check your recovery codes.'
            : left.data === null
              ? 'You have no recovery codes yet. Make some in case you lose your phone.'
              : left.data === 0
                ? 'You have used all your recovery codes. Make a new set.'
                : `${left.data} of 10 recovery codes left. Each signs you in once if you lose your phone.`}
      </p>
      <FormError message={error} />
      <div>
        <Button
          variant="outline"
          onClick={generate}
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
        >
          {left.data === null ? 'Make recovery codes' : 'Make new recovery codes'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">Making a new set makes the old codes stop working.</p>
      <Dialog open={codes !== null} onOpenChange={(open) => (open ? undefined : setCodes(null))}>
        <DialogContent className="max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
          <DialogTitle>Your new recovery codes</DialogTitle>
          <DialogDescription>Your earlier codes no longer work.</DialogDescription>
          {codes ? <RecoveryCodesPanel codes={codes} email={email} onSaved={() => setCodes(null)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  )
}

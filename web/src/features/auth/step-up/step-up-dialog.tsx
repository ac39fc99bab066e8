// The step-up dialog: an act was refused for want of a second factor. With a verified TOTP factor it asks for the
// 6-digit code; otherwise, with a passkey, it offers to confirm with it; otherwise it explains how to set up
// two-factor sign-in. Closing it (Escape, Close, Cancel) cancels the act, which then shows its own explanation.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { KeyRound } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { SubmitButton } from '@/components/submit-button'
import { supabase } from '@/lib/supabase'
import { useSession } from '@/lib/use-session'
import { confirmWithPasskey } from '../mfa/api/mfa.api'
import { mfaQueries } from '../mfa/api/mfa.queries'
import { mfaErrorMessage } from '../mfa/components/mfa-errors'
import { TotpCodeForm } from '../mfa/components/totp-code-form'

interface StepUpDialogProps {
  onConfirmed: () => void
  onCancel: () => void
}

export function StepUpDialog({ onConfirmed, onCancel }: StepUpDialogProps) {
  const userId = useSession().user?.id
  const factors = useQuery(mfaQueries.secondFactors(userId))

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogTitle>Confirm it’s you</DialogTitle>
        {factors.isPending ? (
          <DialogDescription role="status" className="flex items-center gap-2 py-4">
            <Spinner className="size-5" />
            <span>Checking your sign-in methods…</span>
          </DialogDescription>
        ) : factors.isError ? (
          <>
            <DialogDescription>
              This action needs your second factor, and we couldn’t check which you have.
            </DialogDescription>
            <Alert tone="error">{mfaErrorMessage(factors.error)}</Alert>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button onClick={() => void factors.refetch()}>Try again</Button>
            </div>
          </>
        ) : factors.data.totp.length > 0 ? (
          <>
            <DialogDescription>
              This action needs your second factor. Enter the 6-digit code from your authenticator app.
            </DialogDescription>
            <TotpCodeForm factors={factors.data.totp} submitLabel="Confirm" onVerified={onConfirmed} focusOnShow />
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </>
        ) : factors.data.passkey ? (
          <PasskeyStep onConfirmed={onConfirmed} onCancel={onCancel} />
        ) : (
          <>
            <DialogDescription>
              This action needs two-factor sign-in, and your account has none set up yet. Add an authenticator app or a
              passkey on your account page, then try again.
            </DialogDescription>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button asChild>
                <Link to="/account" hash="security" onClick={onCancel}>
                  Set up two-factor sign-in
                </Link>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function PasskeyStep({ onConfirmed, onCancel }: StepUpDialogProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function confirmPasskey() {
    setBusy(true)
    setError(null)
    try {
      await confirmWithPasskey(supabase)
      onConfirmed()
    } catch (caught) {
      setError(mfaErrorMessage(caught))
      setBusy(false)
    }
  }

  return (
    <>
      <DialogDescription>This action needs your second factor. Confirm with one of your passkeys.</DialogDescription>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton type="button" busy={busy} onClick={() => void confirmPasskey()}>
          <KeyRound aria-hidden="true" className="size-4" />
          Use a passkey
        </SubmitButton>
      </div>
    </>
  )
}

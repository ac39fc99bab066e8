// "Sign in with a passkey" on the sign-in page (loaded lazily, only when Auth has passkeys on and the browser can do
// WebAuthn). Where the browser offers passkeys in the email field's autofill (conditional UI), a quiet request waits
// there from the start; the button opens the browser's passkey prompt. A passkey only works on its relying party's
// host (rp_id, e.g. localhost): elsewhere the button gives way to a sentence saying where it works.
import { useEffect, useRef, useState } from 'react'
import { KeyRound } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { SubmitButton } from '@/components/submit-button'
import { FormError } from '@/components/form-error'
import { supabase } from '@/lib/supabase'
import { passkeyRelyingParty, signInWithPasskey } from '../mfa/api/mfa.api'
import { conditionalMediationAvailable, passkeyCeremonyAborted, passkeyHostProblem } from '../mfa/api/passkey-settings'
import { mfaErrorMessage } from '../mfa/components/mfa-errors'

export function SignInPasskey({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // undefined: fine; a string: this host cannot use passkeys ('' when the relying party is not known).
  const [wrongHost, setWrongHost] = useState<string | undefined>(undefined)
  const autofill = useRef<AbortController | null>(null)
  const signedIn = useRef(onSignedIn)
  useEffect(() => {
    signedIn.current = onSignedIn
  }, [onSignedIn])

  // A wrong host the browser did not name the relying party for (an IP address): Auth's options name it.
  const hostProblem = async (host: string) => {
    setWrongHost(host || (await passkeyRelyingParty(supabase).catch(() => '')))
  }

  useEffect(() => {
    const controller = new AbortController()
    autofill.current = controller
    void (async () => {
      // Only on the relying party's host: elsewhere the sentence says where passkeys work, and no autofill request
      // waits in the email field (one that can never succeed there would only get in the way of typing).
      const rpId = await passkeyRelyingParty(supabase).catch(() => null)
      if (controller.signal.aborted) return
      const here = window.location.hostname
      if (rpId && here !== rpId && !here.endsWith(`.${rpId}`)) return setWrongHost(rpId)
      if (!(await conditionalMediationAvailable()) || controller.signal.aborted) return
      try {
        await signInWithPasskey(supabase, { conditional: true, signal: controller.signal })
        signedIn.current()
      } catch (caught) {
        if (controller.signal.aborted || passkeyCeremonyAborted(caught)) return
        const host = passkeyHostProblem(caught)
        if (host !== undefined) await hostProblem(host)
        // Other autofill failures (an expired challenge) leave the button to try again.
      }
    })()
    return () => controller.abort()
  }, [])

  async function onClick() {
    autofill.current?.abort()
    setBusy(true)
    setError(null)
    try {
      await signInWithPasskey(supabase)
      signedIn.current()
    } catch (caught) {
      const host = passkeyHostProblem(caught)
      if (host !== undefined) await hostProblem(host)
      else if (!passkeyCeremonyAborted(caught)) setError(mfaErrorMessage(caught))
      setBusy(false)
    }
  }

  if (wrongHost !== undefined) {
    const here = window.location.hostname
    const there = wrongHost ? new URL(window.location.href) : null
    if (there) there.hostname = wrongHost
    return (
      <Alert tone="info" title="Passkeys work at another address">
        Passkeys for Summit are tied to {wrongHost || 'its main address'}, so they can’t be used at {here}.{' '}
        {there ? (
          <a href={there.toString()} className="font-medium underline underline-offset-2">
            Open this page at {there.host}
          </a>
        ) : null}
        {there ? ' to sign in with one.' : 'Open Summit at its main address to sign in with one.'}
      </Alert>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      <FormError message={error} />
      <SubmitButton type="button" variant="outline" busy={busy} onClick={() => void onClick()}>
        {busy ? null : <KeyRound aria-hidden="true" className="size-4" />}
        Sign in with a passkey
      </SubmitButton>
    </div>
  )
}

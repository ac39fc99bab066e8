// "Continue with Google / GitHub / <school ID>" under the sign-in and sign-up forms: one button per provider Auth
// reports enabled. While the settings load, when none is enabled, or when they cannot be read, nothing shows (the
// email form above still works, and its own errors say when Auth is away). A click leaves for the provider; if the
// flow cannot start, the reason shows as a sentence and the buttons come back.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import { socialQueries } from '../api/social.queries'
import { startSocialSignIn } from '../api/social.api'
import { enabledProviders, type SocialProviderInfo } from '../providers'

export interface SocialSignInProps {
  /** Where to go once signed in (same-origin path, as the page's `redirect` search param). */
  redirect?: string
}

export function SocialSignIn({ redirect }: SocialSignInProps) {
  const settings = useQuery(socialQueries.providers())
  const [leavingFor, setLeavingFor] = useState<SocialProviderInfo | null>(null)
  const [error, setError] = useState<string | null>(null)
  const providers = enabledProviders(settings.data)
  if (providers.length === 0) return null

  const start = async (info: SocialProviderInfo) => {
    setError(null)
    setLeavingFor(info)
    try {
      await startSocialSignIn(info, redirect)
    } catch (startError) {
      setLeavingFor(null)
      setError(errorMessage(startError))
    }
  }

  return (
    <section aria-labelledby="social-sign-in-heading" className="mt-6 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        <h2 id="social-sign-in-heading" className="font-normal">
          Or continue with
        </h2>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ul className="flex flex-col gap-2">
        {providers.map((info) => (
          <li key={info.provider}>
            <Button
              variant="outline"
              className="w-full"
              disabled={leavingFor !== null}
              aria-busy={leavingFor?.provider === info.provider}
              onClick={() => void start(info)}
            >
              {leavingFor?.provider === info.provider ? `Opening ${info.label}…` : `Continue with ${info.label}`}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

// The end of a provider flow on /auth/callback: the `?code=` Auth sent back is exchanged (PKCE) and the session
// handed to the app's client. Errors from the provider or Auth arrive in the URL instead of a code and are shown by
// the page's usual link handling (useUrlSession), so this only runs when isSocialReturn() says a flow of this
// browser is ending.
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/errors'
import { completeSocialSignIn } from './api/social.api'

export type SocialCallbackState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string }

export function useSocialCallback(): SocialCallbackState {
  const [state, setState] = useState<SocialCallbackState>({ status: 'loading' })
  // A code works once; StrictMode's second effect run must not spend it again.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const code = new URL(window.location.href).searchParams.get('code') ?? ''
    completeSocialSignIn(code).then(
      () => setState({ status: 'ready' }),
      (error: unknown) => setState({ status: 'error', message: errorMessage(error) }),
    )
  }, [])

  return state
}

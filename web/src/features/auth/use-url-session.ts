// Establishes the session an email link carries, for /auth/callback and /auth/reset. Auth redirects
// back either with tokens in the fragment (implicit flow: supabase-js picks them up while it
// initialises), with `?code=` (PKCE: exchanged here) or with `error`/`error_description`.
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { exchangeCode } from './api/auth.api'

export type UrlSessionState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string }

/** The error Auth put in the URL (fragment or query), if any, as a sentence. */
export function urlError(href: string): string | null {
  const url = new URL(href)
  const params = new URLSearchParams(url.hash.replace(/^#/, ''))
  for (const [key, value] of url.searchParams) if (!params.has(key)) params.set(key, value)
  const code = params.get('error_code')
  const description = params.get('error_description')
  if (!code && !description && !params.get('error')) return null
  const known = code ? errorMessage({ code }) : null
  if (known && known !== errorMessage({})) return known
  return description ? `${description.replace(/\+/g, ' ')}.`.replace(/\.\.$/, '.') : errorMessage({})
}

export function useUrlSession(): UrlSessionState {
  const [state, setState] = useState<UrlSessionState>({ status: 'loading' })
  // The link's code works once; StrictMode's second effect run must not spend it again.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const href = window.location.href
    void (async () => {
      const fromUrl = urlError(href)
      if (fromUrl) return setState({ status: 'error', message: fromUrl })
      const { error } = await supabase.auth.initialize()
      if (error) return setState({ status: 'error', message: errorMessage(error) })
      const { data } = await supabase.auth.getSession()
      if (data.session) return setState({ status: 'ready' })
      const code = new URL(href).searchParams.get('code')
      if (code) {
        try {
          await exchangeCode(supabase, code)
          return setState({ status: 'ready' })
        } catch (exchangeError) {
          return setState({ status: 'error', message: errorMessage(exchangeError) })
        }
      }
      setState({ status: 'error', message: 'This link has expired or was already used. Ask for a new one.' })
    })()
  }, [])

  return state
}

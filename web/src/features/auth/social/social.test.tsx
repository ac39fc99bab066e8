// The social buttons follow what Auth's /settings reports: only enabled providers, in the app's order, none at all
// when nothing is enabled; a return from a provider is recognised by its code and this browser's PKCE verifier.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { isSocialReturn } from './api/social.api'
import { socialQueries } from './api/social.queries'
import { SocialSignIn } from './components/social-sign-in'
import { enabledProviders } from './providers'

function renderWith(external: Record<string, unknown>) {
  const client = new QueryClient()
  client.setQueryData(socialQueries.providers().queryKey, external)
  return render(
    <QueryClientProvider client={client}>
      <SocialSignIn redirect="/courses" />
    </QueryClientProvider>,
  )
}

afterEach(() => window.localStorage.clear())

describe('enabledProviders', () => {
  it('keeps the enabled providers the app offers, in its order', () => {
    const enabled = enabledProviders({ email: true, keycloak: true, github: true, google: false, gitlab: true })
    expect(enabled.map((p) => p.provider)).toEqual(['github', 'keycloak'])
    expect(enabled.find((p) => p.provider === 'keycloak')?.scopes).toBe('openid')
    expect(enabledProviders(undefined)).toEqual([])
  })
})

describe('<SocialSignIn />', () => {
  it('shows a button for each enabled provider', () => {
    renderWith({ google: true, github: true, keycloak: false })
    expect(screen.getByRole('heading', { name: 'Or continue with' })).toBeTruthy()
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Continue with Google',
      'Continue with GitHub',
    ])
  })

  it('shows the school provider with its label', () => {
    renderWith({ keycloak: true })
    expect(screen.getByRole('button', { name: 'Continue with Summit ID' })).toBeTruthy()
  })

  it('shows nothing when no provider is enabled', () => {
    const { container } = renderWith({ google: false, github: false, keycloak: false, email: true })
    expect(container.textContent).toBe('')
  })
})

describe('isSocialReturn', () => {
  it('needs both a code and a verifier saved by this browser', () => {
    const url = 'http://127.0.0.1:5173/auth/callback?code=abc&redirect=%2F'
    expect(isSocialReturn(url)).toBe(false)
    window.localStorage.setItem('sb-127-oauth-pkce-code-verifier', 'v')
    expect(isSocialReturn(url)).toBe(true)
    expect(isSocialReturn('http://127.0.0.1:5173/auth/callback?redirect=%2F')).toBe(false)
  })
})

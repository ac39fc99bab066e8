// Signing a journey in. `signIn` starts a journey signed in without spending a page load on the sign-in form: the
// browser asks the real Auth for a password grant and keeps the session where supabase-js keeps it, then opens
// `redirectTo` (default the home page). Journeys about signing in itself use `signInThroughForm`, which goes through
// the real sign-in page and resolves once the app has left it.
import { expect, type Page } from '@playwright/test'
import { apiUrl, publishableKey } from './stack'

// The key supabase-js derives from the API's host (`sb-127-auth-token` on the local stack).
const storageKey = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`

// A static file of the app's origin (no script runs there), so localStorage is the app's. It comes from the app's
// server: Chromium lets only a page served from the loopback address call the loopback API.
const staticPage = '/favicon.svg'

export async function signIn(page: Page, email: string, password: string, redirectTo = '/'): Promise<void> {
  await page.goto(staticPage)
  // From the page, as the app's own sign-in asks: the session is recorded with this browser's user agent and address.
  const failure = await page.evaluate(
    async ({ url, key, storageKey, email, password }) => {
      const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
      const session = (await response.json()) as { access_token?: string; expires_in?: number; expires_at?: number }
      if (!response.ok || !session.access_token) return `${response.status} ${JSON.stringify(session)}`
      // supabase-js stores the grant's answer as is, adding expires_at when Auth leaves it out.
      session.expires_at ??= Math.round(Date.now() / 1000) + (session.expires_in ?? 0)
      localStorage.setItem(storageKey, JSON.stringify(session))
      return null
    },
    { url: apiUrl, key: publishableKey, storageKey, email, password },
  )
  if (failure) throw new Error(`signIn(${email}): Auth refused the password grant: ${failure}`)
  await page.goto(redirectTo)
}

/** Signs in through the real sign-in page; resolves once the app has left it (for `redirectTo`, or /auth/mfa). */
export async function signInThroughForm(page: Page, email: string, password: string, redirectTo = '/'): Promise<void> {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/auth\/sign-in/)
}

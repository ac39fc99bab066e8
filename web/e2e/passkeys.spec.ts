// Passkeys with Chromium's virtual authenticator (the WebAuthn domain of the DevTools protocol): a user registers a
// passkey on http://localhost:5173 (the relying party is `localhost`, config.toml [auth.webauthn]), signs out, and
// "Sign in with a passkey" signs them in without email or password; at 127.0.0.1 the page says where passkeys work.
// A user without an authenticator app confirms a destructive act (removing a learner) with the passkey in the
// step-up dialog. Chromium only: the virtual authenticator is a Chromium feature.
import { expect, test, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { apiUrl, createConfirmedUser, expectNoSeriousViolations, secretKey, type TestUser } from './support'
import { learnerClient } from './support/learner-client'

/** The relying party's own origin: passkeys registered here are bound to `localhost`. */
const origin = 'http://localhost:5173'
const courseId = 'c0000000-0000-4000-8000-000000000001' // web-accessibility-basics (open), seed.sql
const schoolId = 'b0000000-0000-4000-8000-000000000001' // Summit Academy

class NoRealtime {
  constructor() {
    throw new Error('the test-side clients open no realtime socket')
  }
}

/** A platform authenticator with resident keys and user verification, as a phone or laptop has. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

/**
 * Registers a passkey for the signed-in user through Auth's passkey API, from the page (so the browser's authenticator
 * makes it): registration options, navigator.credentials.create, verify.
 */
async function registerPasskey(page: Page) {
  // A fresh document: the sign-in page's autofill request may still be settling its abort in the one before, and the
  // browser runs one WebAuthn request at a time.
  await page.goto(`${origin}/`)
  const status = await page.evaluate(async (api) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))
    const session = JSON.parse(localStorage.getItem(key ?? '') ?? 'null') as { access_token: string } | null
    if (!session) return 'no session'
    const headers = {
      apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      Authorization: `Bearer ${session.access_token}`,
      'Content-Type': 'application/json',
    }
    const started = await fetch(`${api}/auth/v1/passkeys/registration/options`, { method: 'POST', headers, body: '{}' })
    const { challenge_id, options } = (await started.json()) as { challenge_id: string; options: unknown }
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
      options as PublicKeyCredentialCreationOptionsJSON,
    )
    const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential
    const verified = await fetch(`${api}/auth/v1/passkeys/registration/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ challenge_id, credential: credential.toJSON() }),
    })
    return verified.ok ? 'ok' : `${verified.status} ${await verified.text()}`
  }, apiUrl)
  expect(status).toBe('ok')
}

/** Signs in with the password on the relying party's origin (the session is stored per origin). */
async function signInHere(page: Page, user: TestUser) {
  await page.goto(`${origin}/auth/sign-in`)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(`${origin}/`, { timeout: 30_000 })
}

async function signOutHere(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('sb-')) localStorage.removeItem(key)
  })
}

test.describe('passkeys', () => {
  // Sign-ins, WebAuthn ceremonies and axe on a machine shared with the stack.
  test.setTimeout(180_000)

  test('a registered passkey signs the user in from the sign-in page', async ({ page }) => {
    const user = await createConfirmedUser({ displayName: 'Pat Passkey' })
    await addVirtualAuthenticator(page)
    // The email field offers passkeys in its autofill too. (Checked before a passkey exists: afterwards the virtual
    // authenticator may answer the autofill request at once and the page moves on.)
    await page.goto(`${origin}/auth/sign-in`)
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn')
    await signInHere(page, user)
    await registerPasskey(page)
    await signOutHere(page)

    await page.goto(`${origin}/auth/sign-in?redirect=%2Faccount`)
    const button = page.getByRole('button', { name: 'Sign in with a passkey' })
    await expect(button.or(page.getByRole('heading', { name: 'Your account', level: 1 }))).toBeVisible({
      timeout: 30_000,
    })
    // Chromium's virtual authenticator may answer the autofill (conditional) request by itself before the click: either
    // way the passkey signs the user in.
    await button.click({ timeout: 5_000 }).catch(() => undefined)
    await expect(page).toHaveURL(`${origin}/account`, { timeout: 30_000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))
      return JSON.parse(localStorage.getItem(key ?? '') ?? 'null') as { user: { email: string } } | null
    })
    expect(stored?.user.email).toBe(user.email)
  })

  test('at another address than the relying party the page says where passkeys work', async ({ page }) => {
    await addVirtualAuthenticator(page)
    await page.goto('http://127.0.0.1:5173/auth/sign-in')
    const button = page.getByRole('button', { name: 'Sign in with a passkey' })
    const notice = page.getByRole('status').filter({ hasText: 'Passkeys work at another address' })
    // Where the browser tries passkey autofill the notice comes at once; otherwise the button leads to it.
    await expect(button.or(notice).first()).toBeVisible({ timeout: 30_000 })
    // The notice may replace the button while it is being clicked.
    if (await button.isVisible()) await button.click({ timeout: 5_000 }).catch(() => undefined)
    await expect(notice).toBeVisible({ timeout: 30_000 })
    await expect(notice.getByRole('link', { name: 'Open this page at localhost:5173' })).toHaveAttribute(
      'href',
      'http://localhost:5173/auth/sign-in',
    )
  })

  test('without an authenticator app, the step-up dialog confirms a removal with the passkey', async ({ page }) => {
    const instructor = await createConfirmedUser({ displayName: `Kai ${Math.random().toString(36).slice(2, 8)}` })
    const service = createClient(apiUrl, secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    })
    const member = await service
      .from('school_members')
      .insert({ school_id: schoolId, user_id: instructor.id, role: 'instructor' })
    if (member.error) throw member.error
    const learner: TestUser = await createConfirmedUser({
      displayName: `Lux ${Math.random().toString(36).slice(2, 8)}`,
    })
    const enrolled = await (
      await learnerClient(learner.email, learner.password)
    ).functions.invoke('enroll', { body: { slug: 'web-accessibility-basics' } })
    if (enrolled.error) throw enrolled.error

    await addVirtualAuthenticator(page)
    await signInHere(page, instructor)
    await registerPasskey(page)
    await page.goto(`${origin}/studio/courses/${courseId}/learners`)
    await page.getByLabel('Search learners').fill(learner.displayName)
    await page.getByRole('button', { name: `Remove ${learner.displayName}` }).click({ timeout: 30_000 })
    const confirm = page.getByRole('dialog', { name: `Remove ${learner.displayName}?` })
    await confirm.getByLabel('Reason').fill('Course finished early')
    await confirm.getByRole('button', { name: 'Remove learner' }).click()

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await expect(stepUp).toContainText('Confirm with one of your passkeys.')
    await expectNoSeriousViolations(page)
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click()
    await expect(stepUp).toBeHidden({ timeout: 30_000 })
    await expect(confirm).toBeHidden()
    await page.getByLabel('Status').selectOption('removed')
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([learner.displayName])
  })
})

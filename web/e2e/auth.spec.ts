// Auth journeys against the running stack: sign up with email confirmation (a registered address answered alike),
// password sign-in and its errors, magic link, password reset, sign-out, the /account guard, and an accessibility scan.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, extractLink, latestEmail, signInThroughForm, uniqueEmail } from './support'

// Each journey waits for emails, sign-ins and lazily loaded pages on a machine shared with the stack.
test.describe.configure({ timeout: 120_000 })

const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Account menu' })

test('sign up, confirm from the inbox, and arrive signed in', async ({ page }) => {
  const email = uniqueEmail('signup')
  await page.goto('/auth/sign-up')
  await page.getByLabel('Your name').fill('Ada Lovelace')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('analytical-engine')
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused()
  await expect(page.getByText(email)).toBeVisible()

  const message = await latestEmail(email, { subject: /confirm/i, after: sentAfter })
  await page.goto(extractLink(message))

  await expect(page).toHaveURL(/127\.0\.0\.1:5173\/$/)
  await accountMenu(page).click()
  await expect(page.getByRole('menu').getByText('Ada Lovelace')).toBeVisible()
})

test('signing up again with a registered address shows the same inbox screen', async ({ page }) => {
  // Sign-up must not tell who has an account (config.toml turns both confirmations on, so Auth answers 200 with no
  // session for a registered address, as for a new one).
  const { email } = await createConfirmedUser({ email: uniqueEmail('again') })
  await page.goto('/auth/sign-up')
  await page.getByLabel('Your name').fill('Ada Again')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('analytical-engine')
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused()
  await expect(page.getByText(email)).toBeVisible()
})

test('sign-up form explains short passwords and missing fields next to them', async ({ page }) => {
  await page.goto('/auth/sign-up')
  await page.getByLabel('Password').fill('short')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByLabel('Your name')).toHaveAccessibleDescription(/Enter your name\./)
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/Use at least 8 characters\./)
  await expect(page.getByLabel('Your name')).toBeFocused()
})

test('sign in with a password and sign out again', async ({ page }) => {
  const user = await createConfirmedUser({ displayName: 'Grace Hopper' })
  await signInThroughForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/$/)

  await accountMenu(page).click()
  await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()

  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await page.goto('/account')
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Faccount/)
  await expect(page).toHaveTitle('Sign in · Summit')
})

test('a wrong password shows a sentence and keeps the email', async ({ page }) => {
  const user = await createConfirmedUser()
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  const alert = page.getByRole('alert')
  await expect(alert).toHaveText('The email or password is incorrect.')
  await expect(alert).toBeFocused()
  await expect(page.getByLabel('Email')).toHaveValue(user.email)
})

test('a signed-out visit to /account signs in and comes back to /account', async ({ page }) => {
  const user = await createConfirmedUser()
  await page.goto('/account')
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Faccount/)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
})

test('a redirect to another site is ignored after signing in', async ({ page }) => {
  const user = await createConfirmedUser()
  await signInThroughForm(page, user.email, user.password, '//evil.example.com/steal')
  await expect(page).toHaveURL(/127\.0\.0\.1:5173\/$/)
})

test('sign in with an emailed link', async ({ page }) => {
  const user = await createConfirmedUser({ displayName: 'Magic Learner' })
  await page.goto('/auth/sign-in?redirect=%2Faccount')
  await page.getByLabel('Email').fill(user.email)
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible()

  const message = await latestEmail(user.email, { subject: /magic link/i, after: sentAfter })
  await page.goto(extractLink(message))
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByLabel('Display name')).toHaveValue('Magic Learner')
})

test('an expired or used email link shows why on the callback page', async ({ page }) => {
  await page.goto('/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid')
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.')
})

test('forgot password, reset it from the email, then sign in with the new one', async ({ page }) => {
  const user = await createConfirmedUser()
  await page.goto('/auth/sign-in')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

  const message = await latestEmail(user.email, { subject: /reset/i, after: sentAfter })
  await page.goto(extractLink(message))
  await expect(page).toHaveURL(/\/auth\/reset/)
  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret')
  await page.getByLabel('Confirm new password').fill('brand-new-secret')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/account\?passwordChanged=true/)

  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await signInThroughForm(page, user.email, 'brand-new-secret')
  await expect(accountMenu(page)).toBeVisible()
})

test('the forgot page answers the same for an address without an account', async ({ page }) => {
  await page.goto('/auth/forgot')
  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
})

test('the sign-in page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Enter your email address/)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

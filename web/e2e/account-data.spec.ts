// /account's data journeys: the user's sessions across two browsers (this one marked, the other's device read from its
// user agent), signing out one session and every other one (the other browser is signed out at once over Realtime,
// or, when it missed that, at its next token refresh), exporting the account as a JSON file holding what the user wrote, deleting the account with a typed
// confirmation (sign-in fails afterwards) and the refusal while the user is a school's last owner. No serious
// accessibility violation at 360 and 1280 px (the two projects).
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { apiUrl, createConfirmedUser, expectNoSeriousViolations, secretKey, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
/** The open demo course and two of its text lessons completed by a manual tick (supabase/seed.sql). */
const slug = 'web-accessibility-basics'
const lessonIds = ['e0000000-0000-4000-8000-000000001002', 'e0000000-0000-4000-8000-000000001005']

function sessionsList(page: Page) {
  return page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
}

/**
 * Moves the stored session's expiry into the past, as an hour's wait would, so supabase-js renews it at its next
 * look (the tab coming back into view, or a reload). The server's refusal is what the journey checks.
 */
async function expireStoredAccessToken(page: Page) {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))
    if (!key) throw new Error('no stored session')
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number }
    session.expires_at = Math.floor(Date.now() / 1000) - 60
    localStorage.setItem(key, JSON.stringify(session))
  })
}

async function openAccount(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password, '/account')
  // The shared machine can be slow to serve the page and its lazily loaded sections.
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name: "Where you're signed in", level: 2 })).toBeVisible({
    timeout: 30_000,
  })
}

test('sessions in two browsers are listed, and "Sign out everywhere else" signs the other one out', async ({
  page,
  browser,
}) => {
  // Two browsers, two sign-ins and an axe run: generous on a loaded shared machine.
  test.setTimeout(240_000)
  const user = await createConfirmedUser({ displayName: 'Two Devices' })

  // The other browser: an iPhone by its user agent.
  const otherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, userAgent: iPhoneSafari })
  const other = await otherContext.newPage()
  await openAccount(other, user)

  await openAccount(page, user)
  const rows = sessionsList(page)
  await expect(rows).toHaveCount(2)
  const here = page.getByRole('listitem', { name: 'Chrome on Windows, this device' })
  await expect(here.getByText('This device')).toBeVisible()
  await expect(here.getByRole('button', { name: /^Sign out/ })).toHaveCount(0)
  const iphone = page.getByRole('listitem', { name: 'Safari on iPhone' })
  await expect(iphone).toContainText(/IP \S+/)
  await expect(iphone).toContainText(/Active now|Last active/)
  // The exact time is in the tooltip of the relative one.
  await expect(iphone.locator('time')).toHaveAttribute('title', /\d{1,2}:\d{2}:\d{2}/)
  await expect(iphone.getByRole('button', { name: /^Sign out Safari on iPhone/ })).toBeVisible()
  await expectNoSeriousViolations(page)

  // The other browser sees the same two sessions, itself marked, and listens for the end of its session.
  await expect(other.getByRole('listitem', { name: 'Safari on iPhone, this device' })).toBeVisible()
  await expect(other.locator('[data-session-end-listener]')).toHaveAttribute('data-session-end-listener', 'live', {
    timeout: 15_000,
  })

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText('Signed out your other session.')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(page.getByText("You're not signed in anywhere else.")).toBeVisible()

  // The other browser hears at once that its session ended (its token would work for up to an hour), signs itself
  // out and is sent to sign in, keeping nothing of the session.
  await expect(other).toHaveURL(/\/auth\/sign-in/, { timeout: 15_000 })
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  expect(await other.evaluate(() => Object.keys(localStorage).some((k) => /^sb-.+-auth-token$/.test(k)))).toBe(false)
  await otherContext.close()
})

test('a browser that missed the news is sent to sign in at its next token refresh', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const user = await createConfirmedUser({ displayName: 'Offline Device' })
  // The other browser never reaches Realtime (its socket goes nowhere), so only its token refresh can tell it.
  const otherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, userAgent: iPhoneSafari })
  await otherContext.routeWebSocket(/\/realtime\/v1\//, () => {})
  const other = await otherContext.newPage()
  await openAccount(other, user)

  await openAccount(page, user)
  await expect(sessionsList(page)).toHaveCount(2)
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText("You're not signed in anywhere else.")).toBeVisible()
  await expect(other.locator('[data-session-end-listener]')).toHaveAttribute('data-session-end-listener', 'off')
  await expect(other.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()

  // Its access token still works until it expires (within the hour); then its renewal is refused and the app leaves
  // the account page. Its stored token is made to look expired, and the tab comes back into view.
  await expireStoredAccessToken(other)
  // supabase-js listens on window (the browser fires the event at document, and it does not bubble to window).
  await other.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await expect(other).toHaveURL(/\/auth\/sign-in/, { timeout: 15_000 })
  expect(await other.evaluate(() => Object.keys(localStorage).some((k) => /^sb-.+-auth-token$/.test(k)))).toBe(false)
  await otherContext.close()
})

test('"Sign out" ends one other session, which can no longer renew its sign-in', async ({ page }) => {
  test.setTimeout(180_000)
  const user = await createConfirmedUser({ displayName: 'Script User' })
  await openAccount(page, user)
  await expect(sessionsList(page)).toHaveCount(1)

  // A second session from a script (supabase-js in Node), then the list read afresh.
  const script = await learnerClient(user.email, user.password)
  await page.reload()
  await expect(sessionsList(page)).toHaveCount(2)
  await page.getByRole('button', { name: /^Sign out Node\.js/ }).click()
  await expect(page.getByText('Signed out Node.js.')).toBeVisible()
  await expect(sessionsList(page)).toHaveCount(1)

  const refreshed = await script.auth.refreshSession()
  expect(refreshed.error?.message ?? 'refreshed').not.toBe('refreshed')
})

test('export my data downloads a JSON file with what the user has done', async ({ page }) => {
  test.setTimeout(180_000)
  const user = await createConfirmedUser({ displayName: 'Export Learner' })
  await enrollAs(user, { slug })
  const client = await learnerClient(user.email, user.password)
  for (const id of lessonIds) {
    const saved = await client.rpc('save_progress', { lesson_id: id, position_s: 0, watched_s: 0, completed: true })
    if (saved.error) throw new Error(`ticking ${id}: ${saved.error.message}`)
  }
  await client.auth.signOut()

  await openAccount(page, user)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^summit-export-\d{4}-\d{2}-\d{2}\.json$/)
  await expect(page.getByText(`Your data is downloading as ${file.suggestedFilename()}.`)).toBeVisible()

  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>
  expect(exported.user).toMatchObject({ id: user.id, email: user.email })
  expect(JSON.stringify(exported.profile)).toContain('Export Learner')
  expect(Array.isArray(exported.enrollments) && exported.enrollments.length).toBe(1)
  const progress = JSON.stringify(exported.progress)
  for (const id of lessonIds) expect(progress).toContain(id)
  for (const key of [
    'activity',
    'notes',
    'questions',
    'answers',
    'certificates',
    'achievements',
    'study_plans',
    'files',
  ]) {
    expect(Object.keys(exported)).toContain(key)
  }
})

test('a failed export is explained and can be tried again', async ({ page }) => {
  test.setTimeout(120_000)
  const user = await createConfirmedUser({ displayName: 'Offline Exporter' })
  await openAccount(page, user)
  await page.route('**/functions/v1/account-export', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Download my data' }).click()
  await expect(page.getByRole('alert')).toContainText('We could not reach Summit. Check your connection and try again.')
  await page.unroute('**/functions/v1/account-export')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  expect((await download).suggestedFilename()).toMatch(/^summit-export-/)
})

test('delete my account after typing the email: signed out, and the account no longer signs in', async ({ page }) => {
  test.setTimeout(180_000)
  const user = await createConfirmedUser({ displayName: 'Leaving Learner' })
  await enrollAs(user, { slug })
  await openAccount(page, user)

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('their codes stop verifying')
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Type your email address to confirm').fill(user.email.toUpperCase())
  await expect(confirm).toBeDisabled()
  await expectNoSeriousViolations(page)
  await dialog.getByLabel('Type your email address to confirm').fill(user.email)
  await confirm.click()

  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted' })).toBeVisible()
  // Signed out here: no account menu, and no session kept in the browser.
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => /^sb-.+-auth-token$/.test(k)))).toBe(false)

  // Gone from Auth: the admin API no longer finds the user, and signing in is refused.
  const response = await fetch(`${apiUrl}/auth/v1/admin/users/${user.id}`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  })
  expect(response.status).toBe(404)
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.')
})

test('the last owner of a school is told to hand the school over before deleting', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const user = await createConfirmedUser({ displayName: 'Sole Owner' })
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`
  const schoolName = `Sole Owner School ${suffix}`
  const client = await learnerClient(user.email, user.password)
  const school = await client.from('schools').insert({ name: schoolName, slug: `sole-owner-${suffix}` })
  if (school.error) throw new Error(`creating the school: ${school.error.message}`)
  await client.auth.signOut()

  await openAccount(page, user)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Type your email address to confirm').fill(user.email)
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(dialog.getByRole('alert')).toContainText(schoolName)
  await expectNoSeriousViolations(page)

  // Nothing was deleted: the dialog closes and the account is still signed in.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible({ timeout: 30_000 })
})

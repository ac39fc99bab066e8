// /account#security journeys: change the password (the strength meter, a common password refused, the emailed
// code a day-old session must give), add an authenticator app from its shown secret and see the recovery codes
// once, remove an app through the step-up dialog, and add, rename and remove a passkey with Chromium's virtual
// authenticator. Each section is checked with axe.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { createConfirmedUser, latestEmail, signIn, totpCode, type TestUser } from './support'
import { learnerClient } from './support/learner-client'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'

// Each journey signs in, waits for the lazily loaded section and walks several steps (emails, codes, axe scans):
// more than the default budget on a busy machine, as the other account journeys allow.
test.describe.configure({ timeout: 180_000 })

async function openSecurity(page: Page, user?: TestUser): Promise<TestUser> {
  const account = user ?? (await createConfirmedUser({ displayName: 'Security Tester' }))
  await signIn(page, account.email, account.password, '/account#security')
  await waitForSecurity(page)
  return account
}

/** The section loads in its own chunk after the profile. */
async function waitForSecurity(page: Page) {
  await expect(page.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible({ timeout: 30_000 })
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/** Sets the assurance level Auth keeps on every session of the user. */
async function setSessionsLevel(userId: string, aal: 'aal1' | 'aal2') {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    await client.query(`update auth.sessions set aal = $2 where user_id = $1`, [userId, aal])
  } finally {
    await client.end()
  }
}

/** Makes every Auth session of the user look a day and an hour old, as secure password change measures it. */
async function ageSessions(userId: string) {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    await client.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [userId])
  } finally {
    await client.end()
  }
}

test('the meter rates a new password, a common one is refused with a reason, a strong one is saved', async ({
  page,
}) => {
  const user = await openSecurity(page)
  const security = page.locator('#security')
  const password = security.getByLabel('New password', { exact: true })

  await password.fill('password123')
  await expect(security.getByText('Strength: Too easy to guess.')).toBeVisible()
  await security.getByLabel('Confirm new password').fill('password123')
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(password).toHaveAccessibleDescription(/one of the most common passwords/)

  await password.fill('violet-harbour-tangent-42')
  await expect(security.getByText('Strength: Strong.')).toBeVisible()
  await security.getByLabel('Confirm new password').fill('violet-harbour-tangent-42')
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('Your password is changed.')).toBeVisible()
  await expectNoSeriousViolations(page)

  // The new password signs in; the old one no longer does.
  await learnerClient(user.email, 'violet-harbour-tangent-42')
  await expect(learnerClient(user.email, user.password)).rejects.toThrow()
})

test('a session older than a day confirms the password change with the code emailed to the user', async ({ page }) => {
  const user = await openSecurity(page)
  await ageSessions(user.id)
  const security = page.locator('#security')
  const sentAfter = new Date()
  await security.getByLabel('New password', { exact: true }).fill('lantern-orchard-mosaic-7')
  await security.getByLabel('Confirm new password').fill('lantern-orchard-mosaic-7')
  await security.getByRole('button', { name: 'Change password' }).click()

  const codeField = security.getByLabel('Code from the email')
  await expect(codeField).toBeVisible()
  await expect(security.getByText(/confirm the change with the code we just emailed/)).toBeVisible()
  const email = await latestEmail(user.email, { subject: /reauthentication/i, after: sentAfter })
  const code = /\b(\d{6})\b/.exec(email.text)?.[1]
  expect(code, `a 6-digit code in:\n${email.text}`).toBeTruthy()

  await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
  await security.getByRole('button', { name: 'Confirm and change password' }).click()
  await expect(security.getByRole('alert')).toContainText('That code is not right or has expired.')

  await codeField.fill(code!)
  await security.getByRole('button', { name: 'Confirm and change password' }).click()
  await expect(security.getByText('Your password is changed.')).toBeVisible()
  await learnerClient(user.email, 'lantern-orchard-mosaic-7')
})

test('add an authenticator app from the shown key; the recovery codes are shown once', async ({ page }) => {
  await openSecurity(page)
  const security = page.locator('#security')
  await expect(security.getByText('Two-step verification is off.')).toBeVisible()
  await security.getByRole('button', { name: 'Add an authenticator app' }).click()

  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('My phone')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('img', { name: /QR code to add your Summit account/ })).toBeVisible()
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]+=*$/)
  await expectNoSeriousViolations(page)

  // A code from five minutes ahead: well formed, but not one the app shows now.
  await dialog.getByLabel('Code from the app').fill(totpCode(secret, Date.now(), 10))
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(dialog.getByLabel('Code from the app')).toHaveAccessibleDescription(/That code is not right/)

  await dialog.getByLabel('Code from the app').fill(totpCode(secret))
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(dialog.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible()
  const codes = dialog.getByRole('group', { name: 'Your recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await expect(codes.first()).toHaveText(/^[a-z0-9]{5}-[a-z0-9]{5}$/i)
  const download = page.waitForEvent('download')
  await dialog.getByRole('link', { name: 'Download as .txt' }).click()
  expect((await download).suggestedFilename()).toBe('summit-recovery-codes.txt')
  await expectNoSeriousViolations(page)
  await dialog.getByRole('button', { name: 'I have saved them' }).click()
  await expect(dialog).toBeHidden()

  await expect(security.getByRole('list', { name: 'Your authenticator apps' })).toContainText('My phone')
  await expect(security.getByTestId('recovery-codes-left')).toHaveText(/^10 of 10 recovery codes left/)
  await page.reload()
  await waitForSecurity(page)
  await expect(page.locator('#security').getByTestId('recovery-codes-left')).toHaveText(/^10 of 10/)
  await expect(page.getByRole('group', { name: 'Your recovery codes' })).toHaveCount(0)
})

test('closing an unfinished enrollment removes it, so the same name can be used again', async ({ page }) => {
  const user = await openSecurity(page)
  const security = page.locator('#security')
  await security.getByRole('button', { name: 'Add an authenticator app' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('Tablet')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByTestId('totp-secret')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await security.getByRole('button', { name: 'Add an authenticator app' }).click()
  await page.getByRole('dialog').getByLabel('Name').fill('Tablet')
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('dialog').getByTestId('totp-secret')).toBeVisible()
  const client = await learnerClient(user.email, user.password)
  const { data } = await client.auth.mfa.listFactors()
  expect(data?.all.map((f) => [f.friendly_name, f.status])).toEqual([['Tablet', 'unverified']])
})

test('removing an authenticator app asks for its code first (step-up), then removes it', async ({ page }) => {
  const user = await openSecurity(page)
  const security = page.locator('#security')
  await security.getByRole('button', { name: 'Add an authenticator app' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('Old phone')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim()
  await dialog.getByLabel('Code from the app').fill(totpCode(secret))
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click()
  await dialog.getByRole('button', { name: 'I have saved them' }).click()
  await expect(security.getByRole('list', { name: 'Your authenticator apps' })).toContainText('Old phone')

  // A session that has not confirmed the app (Auth keeps the level on the session row).
  await setSessionsLevel(user.id, 'aal1')
  await security.getByRole('button', { name: 'Remove Old phone' }).click()
  await page.getByRole('button', { name: 'Remove app' }).click()

  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await expect(stepUp).toBeVisible()
  await stepUp.getByLabel('6-digit code').fill(totpCode(secret))
  await stepUp.getByRole('button', { name: 'Confirm' }).click()
  await expect(security.getByText('Two-step verification is off.')).toBeVisible()
  const other = await learnerClient(user.email, user.password)
  const { data } = await other.auth.mfa.listFactors()
  expect(data?.all ?? []).toEqual([])
})

test.describe('passkeys', () => {
  // Passkeys belong to the relying party `localhost`: the journey runs on localhost, whatever host the rest use.
  const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5173')
  base.hostname = 'localhost'
  test.use({ baseURL: base.origin })

  test('add a passkey named after the device, rename it and remove it', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    })
    await openSecurity(page)
    const security = page.locator('#security')
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible()
    await security.getByRole('button', { name: 'Add a passkey' }).click()
    const name = security.getByLabel('Passkey name')
    await expect(name).toHaveValue(/^Chrome on (Linux|Mac|Windows)$/)
    await name.fill('Work laptop')
    await security.getByRole('button', { name: 'Create passkey' }).click()
    const list = security.getByRole('list', { name: 'Your passkeys' })
    await expect(list).toContainText('Work laptop')
    await expectNoSeriousViolations(page)

    await list.getByRole('button', { name: 'Rename Work laptop' }).click()
    await security.getByLabel('New name').fill('Home laptop')
    await security.getByRole('button', { name: 'Save name' }).click()
    await expect(list).toContainText('Home laptop')

    await list.getByRole('button', { name: 'Remove Home laptop' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove Home laptop?' })
    await confirm.getByRole('button', { name: 'Remove passkey' }).click()
    await expect(confirm).toBeHidden()
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible()
  })
})

test('on another address than the passkeys’ host, the page says where passkeys can be added', async ({ page }) => {
  const host = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5173').hostname
  test.skip(host === 'localhost', 'the app is served at the passkeys’ own host')
  await openSecurity(page)
  const security = page.locator('#security')
  await expect(security.getByText('Passkeys can’t be added here')).toBeVisible()
  await expect(security.getByRole('link', { name: 'this page at localhost' })).toHaveAttribute(
    'href',
    /^http:\/\/localhost:\d+\/account#security$/,
  )
  await expect(security.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0)
})

// Signing in with a second factor: a user with an authenticator app gives the password, then /auth/mfa asks for the
// 6-digit code (a wrong one is refused with a sentence; signed-in pages wait behind it) and continues to where they
// were going. "Lost your device?" spends a recovery code, which turns two-factor sign-in off and sends the user to
// set it up again. The seed's Priya signs in with the code of her documented demo secret.
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolations, totpCode } from './support'
import { createTotpUser } from './support/mfa'

async function signInWithPassword(page: Page, email: string, password: string, redirectTo: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test.describe('sign-in with a second factor', () => {
  // Several sign-ins, Auth calls and axe on a machine shared with the stack.
  test.setTimeout(180_000)

  test('the password is followed by the code; a wrong code is refused; the right one continues', async ({ page }) => {
    const user = await createTotpUser({ displayName: 'Tess Totp' })
    await signInWithPassword(page, user.email, user.password, '/account')

    await expect(page).toHaveURL(/\/auth\/mfa\?redirect=%2Faccount$/, { timeout: 30_000 })
    await expect(page).toHaveTitle('Two-factor sign-in · Summit')
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
    await expect(page.getByText('From Phone.')).toBeVisible()
    await expectNoSeriousViolations(page)

    // A signed-in page waits behind the code.
    await page.goto('/account')
    await expect(page).toHaveURL(/\/auth\/mfa\?redirect=%2Faccount$/, { timeout: 30_000 })

    // The form checks the shape first, then Auth refuses a code of another time.
    const code = page.getByLabel('6-digit code')
    await code.fill('12ab')
    await page.getByRole('button', { name: 'Verify and continue' }).click()
    await expect(page.getByText('The code is 6 digits, like 123456.')).toBeVisible()
    await code.fill(totpCode(user.secret, Date.now(), 20))
    await page.getByRole('button', { name: 'Verify and continue' }).click()
    await expect(page.getByRole('alert')).toContainText('That code didn’t work.')
    await expect(page.getByRole('alert')).toBeFocused()
    await expect(code).toHaveValue('')

    await code.fill(user.nextCode())
    await page.getByRole('button', { name: 'Verify and continue' }).click()
    await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The session is aal2 now: the code page has nothing more to ask and sends the user on.
    await page.goto('/auth/mfa?redirect=%2Fstats')
    await expect(page).toHaveURL(/\/stats$/, { timeout: 30_000 })
  })

  test('a lost device: a recovery code turns two-factor sign-in off and leads to set it up again', async ({ page }) => {
    const user = await createTotpUser({ displayName: 'Rory Recovery' })
    const { data: codes, error } = await user.client.rpc('create_recovery_codes')
    if (error) throw error
    const [firstCode] = codes as string[]
    if (!firstCode) throw new Error('create_recovery_codes gave no codes')

    await signInWithPassword(page, user.email, user.password, '/stats')
    await expect(page).toHaveURL(/\/auth\/mfa/, { timeout: 30_000 })
    await page.getByRole('button', { name: 'Lost your device?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Use a recovery code' })).toBeFocused()
    await expectNoSeriousViolations(page)

    const field = page.getByLabel('Recovery code')
    await field.fill('zzzzz-zzzzz')
    await page.getByRole('button', { name: 'Use recovery code' }).click()
    await expect(page.getByRole('alert')).toContainText('That recovery code didn’t work.')

    // Typed in capitals and without the dash, as people copy codes.
    await field.fill(firstCode.replace('-', '').toUpperCase())
    await page.getByRole('button', { name: 'Use recovery code' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in is off' })).toBeFocused()
    await expect(page.getByRole('main').getByRole('status')).toContainText('Set up two-factor sign-in again now')
    await expectNoSeriousViolations(page)

    // The factor is gone from the account, and signed-in pages open without a code.
    const factors = await user.client.auth.mfa.listFactors()
    expect(factors.error).toBeNull()
    expect(factors.data?.all).toEqual([])
    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click()
    await expect(page).toHaveURL(/\/account#security$/)
    await page.goto('/stats')
    await expect(page).toHaveURL(/\/stats$/, { timeout: 30_000 })
  })

  test('the demo instructor Priya signs in with the code of the seed’s secret @desktop', async ({ page }) => {
    await signInWithPassword(page, 'priya@example.com', 'summit-demo', '/studio')
    await expect(page).toHaveURL(/\/auth\/mfa/, { timeout: 30_000 })
    const field = page.getByLabel('6-digit code')
    const submit = page.getByRole('button', { name: 'Verify and continue' })
    // Each code works once: a run a few seconds earlier may have used this step's, so the next step's is the fallback.
    await field.fill(totpCode('SUMMITDEMOTOTPPRIYARAMANINSTRUCT'))
    await submit.click()
    const outcome = await Promise.race([
      page.waitForURL(/\/studio$/).then(() => 'in' as const),
      page
        .getByRole('alert')
        .waitFor()
        .then(() => 'refused' as const),
    ])
    if (outcome === 'refused') {
      await field.fill(totpCode('SUMMITDEMOTOTPPRIYARAMANINSTRUCT', Date.now(), 1))
      await submit.click()
    }
    await expect(page).toHaveURL(/\/studio$/, { timeout: 30_000 })
  })
})

// Signs a user in through the real sign-in page, so a journey starts signed in the way a learner
// would be. Resolves once the app has left the sign-in page (to `redirectTo`, default the home page).
import { expect, type Page } from '@playwright/test'

export async function signIn(page: Page, email: string, password: string, redirectTo = '/'): Promise<void> {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/auth\/sign-in/)
}

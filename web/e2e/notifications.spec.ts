// Notifications: a new user's bell shows nothing unread and /notifications says so; a trophy earned (a row the
// database writes) raises the bell's count live in the open tab, the popover lists it unread with a link to
// /achievements, "Mark all read" clears the count, and /notifications lists it read. The preferences on /account
// save per kind and channel. Axe finds nothing serious at either width.
import { createHmac } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { sql } from './support/db'

test('a notification reaches the open tab live, is read from the bell and marked read', async ({ page }) => {
  test.setTimeout(120_000)
  const user = await createConfirmedUser({ displayName: 'Nell Notified' })
  await signIn(page, user.email, user.password, '/notifications')
  await expect(page).toHaveTitle('Notifications · Summit')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible()
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')
  await expectNoSeriousViolations(page)

  // Let the bell's channel join before the row is written, so the insert arrives over Realtime, not a refetch.
  await page.waitForTimeout(1500)
  await sql(`insert into public.user_achievements (user_id, code) values ($1, 'night_owl')`, [user.id])
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 })
  await expect(page.getByRole('link', { name: /Unread: Trophy earned: Night owl/ })).toBeVisible()

  await bell.click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  const item = panel.getByRole('link', { name: /Trophy earned: Night owl/ })
  await expect(item).toContainText('Unread')
  await expect(item).toHaveAttribute('href', '/achievements')
  await expectNoSeriousViolations(page)
  await panel.getByRole('button', { name: 'Mark all read' }).click()
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 10_000 })
  await expect(panel.getByRole('link', { name: /^Trophy earned: Night owl/ })).toBeVisible()
  await page.keyboard.press('Escape')

  // The page lists it read as well.
  await expect(page.getByRole('link', { name: /^Trophy earned: Night owl/ })).toBeVisible()
  await expect(page.getByText('All read', { exact: true })).toBeVisible()

  // Preferences: trophies by email off by default; turning answers off in the app saves.
  await page.goto('/account#notification-preferences')
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInViewport()
  const answersInApp = page.getByRole('checkbox', { name: 'Answers to my questions in the app' })
  await expect(answersInApp).toBeChecked({ timeout: 15_000 })
  await expect(page.getByRole('checkbox', { name: 'Trophies earned by email' })).not.toBeChecked()
  await answersInApp.click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Answers to my questions in the app' })).not.toBeChecked({
    timeout: 15_000,
  })
  const [row] = await sql<{ app: boolean; email: boolean }>(
    `select app, email from public.notification_preferences where user_id = $1 and kind = 'answer'`,
    [user.id],
  )
  expect(row).toEqual({ app: false, email: true })
})

// The token an email's link carries, signed as the unsubscribe function signs it on the local stacks (its key derived
// from the public demo service role key, unless UNSUBSCRIBE_SECRET is set for both).
const demoServiceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('base64url')
function unsubscribeToken(userId: string, kind: string): string {
  const secret = process.env.UNSUBSCRIBE_SECRET || hmac(demoServiceRoleKey, 'summit unsubscribe links v1')
  return `v1.${userId}.${kind}.${hmac(secret, `v1.${userId}.${kind}`)}`
}

test('the unsubscribe page turns one kind of email off, signed out', async ({ page }) => {
  const user = await createConfirmedUser({ displayName: 'Una Unsubscribed' })
  const token = unsubscribeToken(user.id, 'announcement')

  // An edited token (someone else's id) is refused and changes nothing.
  await page.goto(`/unsubscribe?token=${encodeURIComponent(token.replace(user.id, crypto.randomUUID()))}`)
  await expect(page).toHaveTitle('Unsubscribe · Summit')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.')

  await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from these emails?' })).toBeVisible()
  await expect(page.getByText('This stops course announcement emails.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible()
  await expectNoSeriousViolations(page)
  const rows = await sql<{ kind: string; app: boolean; email: boolean }>(
    `select kind::text, app, email from public.notification_preferences where user_id = $1`,
    [user.id],
  )
  expect(rows).toEqual([{ kind: 'announcement', app: true, email: false }])
})

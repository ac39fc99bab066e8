// Achievements: a new learner sees every trophy locked on /achievements; with a second tab open elsewhere, completing
// a lesson in the first tab announces "Achievement unlocked: First lesson" in the second (Realtime), and the page then
// shows it earned today. Axe finds nothing serious on the page at either width. Users are made fresh per test.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { enrollAs } from './support/enrollment'

const COURSE = '/courses/web-accessibility-basics'

const trophies = (page: Page) => page.getByRole('list', { name: 'Trophies' })

test('completing a first lesson announces the trophy in another tab and shows it earned', async ({ page }) => {
  // Sign-in, two tabs, a Realtime round trip and two axe scans: more than the default budget on a busy machine.
  test.setTimeout(180_000)
  const user = await createConfirmedUser()
  await enrollAs(user, { slug: 'web-accessibility-basics' })
  await signIn(page, user.email, user.password, '/achievements')
  await expect(page).toHaveTitle('Achievements · Summit')
  await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible()

  // Nothing earned yet: every trophy says "Locked" in words, not only in colour.
  const firstLesson = trophies(page).getByRole('listitem').filter({ hasText: 'First lesson' })
  await expect(firstLesson).toContainText('Locked')
  const count = await trophies(page).getByRole('listitem').count()
  expect(count).toBeGreaterThan(1)
  await expect(trophies(page).getByText('Locked', { exact: true })).toHaveCount(count)
  await expect(page.getByText(`0 of ${count} earned`)).toBeVisible()
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    await expect(
      page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Achievements' }),
    ).toBeVisible()
  }
  await expectNoSeriousViolations(page)

  // A second tab of the same browser, on another page, listening for awards.
  const second = await page.context().newPage()
  await second.goto('/courses')
  await expect(second.locator('[data-feed="live"]')).toBeAttached({ timeout: 20_000 })

  // Complete a lesson in the first tab.
  await page.goto(COURSE)
  // The learner's own progress has loaded (so the tick is not made against the visitor's outline).
  await expect(page.getByText(/^0 of \d+ lessons completed$/)).toBeVisible({ timeout: 20_000 })
  const tick = page.getByRole('region', { name: 'Course content' }).getByRole('checkbox').first()
  await tick.click()
  await expect(tick).toBeChecked({ timeout: 20_000 })

  // The second tab announces it, with a way to the page.
  const toast = second.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
  await expect(toast.filter({ hasText: 'Achievement unlocked: First lesson' })).toBeVisible({ timeout: 20_000 })
  await toast.getByRole('link', { name: 'See your achievements' }).first().click()
  await expect(second).toHaveURL(/\/achievements$/)

  // Earned today, in the browser's own words for the date.
  const today = await second.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
  )
  const earned = trophies(second).getByRole('listitem').filter({ hasText: 'First lesson' })
  await expect(earned).toContainText(`Earned ${today}`)
  await expect(earned).toContainText('Web Accessibility Basics')
  await expect(earned).not.toContainText('Locked')
  await expectNoSeriousViolations(second)
  await second.close()
})

// The course page: a visitor reads the outline (preview badges, locks with reasons) and opens a preview lesson; the
// draft is not found; invite and code courses explain how to get in; a new learner enrolls in the open course, sees
// the progress bar at 0 %, ticks a lesson and finds the course on the home page. Users are made fresh per test.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const OPEN = '/courses/web-accessibility-basics'

const outline = (page: Page) => page.getByRole('region', { name: 'Course content' })

test('a visitor sees the outline with previews and locks, and opens a preview lesson', async ({ page }) => {
  await page.goto(OPEN)
  const title = page.getByRole('heading', { level: 1, name: 'Web Accessibility Basics' })
  await expect(title).toBeVisible()
  // What the instructor wrote carries the course's language (WCAG 3.1.2); the seeded course is in English.
  await expect(title).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'About this course' })).toBeVisible()
  await expect(page.locator('#course-about-heading + [lang="en"]')).toBeVisible()
  await expect(page.getByText(/Taught by/)).toBeVisible()

  // The first section is open; its preview lessons are links, the others say why they are locked.
  const firstSection = outline(page).getByRole('button').first()
  await expect(firstSection).toHaveAttribute('aria-expanded', 'true')
  await expect(outline(page).getByText('Preview', { exact: true }).first()).toBeVisible()
  await expect(outline(page).getByText('Enroll to unlock').first()).toBeVisible()
  await expect(outline(page).getByRole('checkbox')).toHaveCount(0)

  // Closed sections open from the keyboard.
  const second = outline(page).getByRole('button').nth(1)
  await second.focus()
  await page.keyboard.press('Enter')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  // Up and Down move between the sections' buttons.
  await page.keyboard.press('ArrowUp')
  await expect(firstSection).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(second).toBeFocused()

  // Visitors are sent to sign in, and back here afterwards.
  const signInLink = page.getByRole('link', { name: 'Sign in to enroll' })
  await expect(signInLink).toHaveAttribute('href', /\/auth\/sign-in\?redirect=%2Fcourses%2Fweb-accessibility-basics/)

  // The description's renderer loads after the first paint; a tap aimed at the outline waits for the text above it.
  await expect(page.getByRole('status', { name: 'Loading the text' })).toHaveCount(0)
  const preview = outline(page).getByRole('listitem').filter({ hasText: 'Preview' }).getByRole('link').first()
  await preview.click()
  await expect(page).toHaveURL(/\/learn\/web-accessibility-basics\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: /something went wrong|not found/i })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en')
})

test('the draft course is not found', async ({ page }) => {
  await page.goto('/courses/public-speaking-for-engineers')
  await expect(page.getByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse all courses' }).click()
  await expect(page).toHaveURL(/\/courses$/)
})

test('invite-only and access-code courses explain how to get in', async ({ page }) => {
  await page.goto('/courses/design-systems-studio')
  await expect(page.getByText('Enrollment by invitation')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enroll for free' })).toHaveCount(0)
  await page.goto('/courses/sql-for-product-people')
  await expect(page.getByText('Enrollment with an access code')).toBeVisible()
})

test('a signed-in learner enrolls in the open course and starts at 0 %', async ({ page }) => {
  // Sign-in, enroll, a tick and two axe scans: more than the default budget on a busy machine.
  test.slow()
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, OPEN)
  await expect(page).toHaveURL(new RegExp(`${OPEN}$`))

  await page.getByRole('button', { name: 'Enroll for free' }).click()
  const progress = page.getByRole('progressbar', { name: 'Course progress' })
  await expect(progress).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByText(/^0 of \d+ lessons completed$/)).toBeVisible()
  await expect(page.getByRole('link', { name: /^Start learning/ })).toHaveAttribute(
    'href',
    /\/learn\/web-accessibility-basics\//,
  )
  await expect(
    outline(page)
      .getByText(/^0\/\d+$/)
      .first(),
  ).toBeVisible()
  await expectNoSeriousViolations(page)

  // Ticking a lesson moves the bar.
  const tick = outline(page).getByRole('checkbox').first()
  await tick.click()
  await expect(tick).toBeChecked()
  await expect(page.getByText(/^1 of \d+ lessons completed$/)).toBeVisible()
  await expect(progress).not.toHaveAttribute('aria-valuenow', '0')

  // Home now shows where to continue and the course with its progress.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Continue learning' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Continue/ })).toHaveAttribute(
    'href',
    /\/learn\/web-accessibility-basics\//,
  )
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible()
  await expect(
    page.getByRole('progressbar', { name: 'Web Accessibility Basics: course progress' }).first(),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('a new learner with no courses is pointed to the catalog', async ({ page }) => {
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, '/')
  await expect(page.getByRole('heading', { name: 'No courses yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse courses' }).click()
  await expect(page).toHaveURL(/\/courses$/)
})

test('the course page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto(OPEN)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousViolations(page)
})

// What the school's staff see on course pages and in the player, and what learners do not: the demo instructor sees
// the draft course's Draft badge, Edit in studio and no progress controls (no tick, no Trophy), and previews a
// sequential course with a drip section as a learner who enrolls today (locks, inert ticks, a banner back to the
// studio); a learner sees none of the staff's things. No serious accessibility violation at either width.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const instructor = { email: 'instructor@example.com', password: 'summit-demo' }
const DRAFT = '/courses/public-speaking-for-engineers'
const SEQUENTIAL = '/courses/sql-for-product-people'

// Each test signs in and runs axe twice; on a busy two-core machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 })

const staffBar = (page: Page) => page.getByRole('region', { name: "For the course's staff" })
const outline = (page: Page) => page.getByRole('region', { name: 'Course content' })

test('an instructor sees the draft course as its staff: state, Edit in studio, no progress', async ({ page }) => {
  await signIn(page, instructor.email, instructor.password, DRAFT)
  await expect(page.getByRole('heading', { level: 1, name: 'Public Speaking for Engineers' })).toBeVisible()
  await expect(staffBar(page)).toContainText('Course state: Draft')
  await expect(staffBar(page).getByRole('link', { name: 'Edit in studio' })).toHaveAttribute(
    'href',
    /^\/studio\/courses\/[0-9a-f-]{36}$/,
  )
  await expect(outline(page).getByRole('checkbox')).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Open the first lesson' }).click()
  await expect(page).toHaveURL(/\/learn\/public-speaking-for-engineers\/[0-9a-f-]{36}$/)
  await expect(staffBar(page)).toContainText('Course state: Draft')
  await expect(
    page.getByText('You are previewing this lesson as the course’s staff; progress is not recorded.'),
  ).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Mark complete' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Course progress/ })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await staffBar(page).getByRole('link', { name: 'Edit in studio' }).click()
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Public Speaking for Engineers' })).toBeVisible()
})

test('an instructor previews a sequential course with a drip section as a new learner', async ({ page }) => {
  await signIn(page, instructor.email, instructor.password, SEQUENTIAL)
  await expect(staffBar(page)).toBeVisible()
  await expect(staffBar(page)).not.toContainText('Course state')
  await staffBar(page).getByRole('link', { name: 'Preview as learner' }).click()
  await expect(page).toHaveURL(/\/courses\/sql-for-product-people\?preview=learner$/)
  await expect(page.getByRole('region', { name: 'You are previewing as a learner' })).toBeVisible()
  await expect(staffBar(page)).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0')
  // Sequence locks wait for the first lesson; the drip section opens days after today's enrollment.
  await expect(
    outline(page)
      .getByText(/Finish “.+” first/)
      .first(),
  ).toBeAttached()
  await expect(
    outline(page)
      .getByText(/Opens on /)
      .first(),
  ).toBeAttached()
  const ticks = outline(page).getByRole('checkbox')
  await expect(ticks.first()).toBeDisabled()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: /Start learning/ }).click()
  await expect(page).toHaveURL(/\/learn\/sql-for-product-people\/[0-9a-f-]{36}\?preview=learner$/)
  await expect(page.getByRole('checkbox', { name: 'Mark complete' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Course progress: 0%' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the studio' }).click()
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
})

test('a learner sees none of the staff things, and cannot preview', async ({ page }) => {
  const learner = await createConfirmedUser()
  await signIn(page, learner.email, learner.password, `${SEQUENTIAL}?preview=learner`)
  await expect(page.getByRole('heading', { level: 1, name: 'SQL for Product People' })).toBeVisible()
  // Asking for a preview without being staff lands on the ordinary page.
  await expect(page).toHaveURL(new RegExp(`${SEQUENTIAL}$`))
  await expect(page.getByRole('region', { name: 'You are previewing as a learner' })).toHaveCount(0)
  await expect(staffBar(page)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit in studio' })).toHaveCount(0)
  await expect(outline(page).getByText('Enroll to unlock').first()).toBeVisible()

  await page.goto(DRAFT)
  await expect(page.getByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible()
})

// Instructor analytics: the demo instructor opens the analytics of Web Accessibility Basics from the course editor
// (funnel, where learners stop, median time per lesson, at-risk learners, each chart with its table), and the funnel
// moves without a reload when a new learner, in another browser context, ticks their first lesson. Title asserted,
// no serious accessibility violation at 360 and 1280 px (the two projects).
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { enrollAs } from './support/enrollment'

const instructor = { email: 'instructor@example.com', password: 'summit-demo' }
const courseId = 'c0000000-0000-4000-8000-000000000001'
const lessonId = 'e0000000-0000-4000-8000-000000001002'

/** The learners at a funnel step, read from the table beside the chart (what a screen reader reads). */
async function funnelStep(page: Page, step: string): Promise<number> {
  const row = page.getByRole('table', { name: 'Funnel: learners at each step' }).getByRole('row', { name: step })
  return Number((await row.getByRole('cell').first().innerText()).replaceAll(/[^\d]/g, ''))
}

test('an instructor sees the analytics of a demo course move live as a learner works', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signIn(page, instructor.email, instructor.password, `/studio/courses/${courseId}`)
  await page.getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL(new RegExp(`/studio/courses/${courseId}/analytics`))
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Analytics · Web Accessibility Basics · Studio · Summit')

  for (const section of ['Funnel', 'Where learners stop', 'Median time per lesson', 'At-risk learners']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible()
  }
  await expect(
    page.getByRole('table', { name: 'Median time per lesson and how many learners completed it' }),
  ).toContainText('Who uses assistive technology')
  await expect.poll(() => funnelStep(page, 'Enrolled')).toBeGreaterThan(0)
  await expectNoSeriousViolations(page)

  // A new learner enrolls (the Enrolled step moves), then ticks a lesson in their own browser (Started moves).
  const learner = await createConfirmedUser({ displayName: 'Live Learner' })
  const enrolledBefore = await funnelStep(page, 'Enrolled')
  const startedBefore = await funnelStep(page, 'Started')
  await enrollAs(learner, { slug: 'web-accessibility-basics' })
  await expect.poll(() => funnelStep(page, 'Enrolled'), { timeout: 15_000 }).toBeGreaterThan(enrolledBefore)

  const learnerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const learnerPage = await learnerContext.newPage()
  await signIn(learnerPage, learner.email, learner.password, `/learn/web-accessibility-basics/${lessonId}`)
  const tick = learnerPage.getByRole('checkbox', { name: 'Mark complete' })
  await tick.click()
  await expect(tick).toBeChecked()
  await expect.poll(() => funnelStep(page, 'Started'), { timeout: 15_000 }).toBeGreaterThan(startedBefore)
  await learnerContext.close()
  await expectNoSeriousViolations(page)
})

test('a learner of the course is refused the analytics in place', async ({ page }) => {
  const learner = await createConfirmedUser({ displayName: 'Curious Learner' })
  await enrollAs(learner, { slug: 'web-accessibility-basics' })
  await signIn(page, learner.email, learner.password, `/studio/courses/${courseId}/analytics`)
  // Either the studio does not show them the course at all, or the analytics calls refuse them.
  await expect(page.getByText(/Course not found|You don't have access to this\./).first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Funnel: learners at each step' })).toHaveCount(0)
})

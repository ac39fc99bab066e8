// Q&A across two browsers: an enrolled learner asks under a lesson; the course's instructor finds it in the studio's
// waiting list, answers in the player, and the answer reaches the learner's open player live, marked as the
// instructor's; the learner marks the question resolved and it leaves the studio's list. No serious or critical axe
// violation at 1280 and 360 px.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, signIn } from './support'

// Journeys of many steps (sign-in, enrollment, several pages, two browsers) on the dev server.
test.describe.configure({ timeout: 120_000 })

const slug = 'web-accessibility-basics'
// A text lesson of the seeded course (supabase/seed.sql).
const textLesson = 'e0000000-0000-4000-8000-000000001002'
const lessonUrl = `/learn/${slug}/${textLesson}`

async function expectNoSeriousViolations(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

test('a question is answered by the instructor and the answer arrives live in the learner’s player', async ({
  browser,
}) => {
  const question = `Is a skip link still needed with landmarks? (${Date.now()})`
  const learner = await createConfirmedUser({ displayName: 'Quinn Question' })
  const learnerContext = await browser.newContext()
  const learnerPage = await learnerContext.newPage()
  await signIn(learnerPage, learner.email, learner.password, `/courses/${slug}`)
  await learnerPage.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(learnerPage.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()

  // The learner asks.
  await learnerPage.goto(lessonUrl)
  const learnerQa = learnerPage.getByTestId('questions')
  await learnerQa.getByRole('textbox', { name: 'Ask a question about this lesson' }).fill(question)
  await learnerQa.getByRole('button', { name: 'Ask' }).click()
  const asked = learnerQa.getByRole('article').filter({ hasText: question })
  await expect(asked.getByRole('heading', { name: 'You asked' })).toBeVisible()
  await expect(asked.getByText('No answers yet.')).toBeVisible()
  await expect(learnerQa).toHaveAttribute('data-live', 'live')
  await expectNoSeriousViolations(learnerPage, 1280)
  await expectNoSeriousViolations(learnerPage, 360)

  // The instructor finds it in the studio and answers in the player.
  const staffContext = await browser.newContext()
  const staffPage = await staffContext.newPage()
  await signIn(staffPage, 'instructor@example.com', 'summit-demo', '/studio')
  await staffPage.getByRole('link', { name: 'Questions waiting for an answer' }).click()
  await expect(staffPage).toHaveTitle('Questions · Studio · Summit')
  const waiting = staffPage.getByRole('article').filter({ hasText: question })
  await expect(waiting).toContainText('Quinn Question asked')
  await expectNoSeriousViolations(staffPage, 360)
  await staffPage.setViewportSize({ width: 1280, height: 800 })
  await waiting.getByRole('link', { name: /Web Accessibility Basics: Who uses assistive technology/ }).click()
  const staffQa = staffPage.getByTestId('questions')
  const staffView = staffQa.getByRole('article').filter({ hasText: question })
  await staffView.getByRole('button', { name: /^Answer/ }).click()
  await staffView.getByRole('textbox', { name: 'Your answer' }).fill('Yes: a **skip link** helps keyboard users first.')
  await staffView.getByRole('button', { name: 'Post answer' }).click()
  await expect(staffView.getByTestId('answer').getByText('Instructor', { exact: true })).toBeVisible()

  // Live in the learner's player, without a reload, marked as the instructor's.
  const answer = asked.getByTestId('answer')
  await expect(answer).toContainText('Ian Instructor', { timeout: 10_000 })
  await expect(answer.getByText('Instructor', { exact: true })).toBeVisible()
  await expect(answer.locator('strong', { hasText: 'skip link' })).toBeVisible()

  // The learner resolves it; it leaves the studio's list (the staff answer already took it off).
  await asked.getByRole('button', { name: 'Mark resolved' }).click()
  await expect(asked.getByText('Resolved', { exact: true })).toBeVisible()
  await expect(asked.getByRole('button', { name: 'Reopen' })).toBeVisible()
  await staffPage.goto('/studio/questions')
  await expect(staffPage.getByRole('heading', { name: 'Questions waiting for an answer', level: 1 })).toBeVisible()
  await expect(staffPage.getByRole('article').filter({ hasText: question })).toHaveCount(0)

  await learnerContext.close()
  await staffContext.close()
})

test('a learner who is not enrolled sees no Q&A and no notes under a preview lesson', async ({ page }) => {
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, lessonUrl)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('questions')).toHaveCount(0)
  await expect(page.getByTestId('my-notes')).toHaveCount(0)
})

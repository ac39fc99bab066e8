// A new learner's whole loop: sign up and confirm through the inbox, enroll, play a video, reload and resume where
// they paused, tick a text lesson and watch the progress move, see it arrive live in a second browser context (and
// be offered "Continue at mm:ss" there), then finish the course by passing its closing quiz.
import { expect, test, type Page } from '@playwright/test'
import { extractLink, latestEmail, signIn, uniqueEmail } from './support'
import { answerAllRight } from './support/quiz'

const slug = 'web-accessibility-basics'
// Seeded lessons of web-accessibility-basics (supabase/seed.sql), in course order, then its closing quiz
// (supabase/seeds/quizzes.sql).
const lessonIds = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008].map((n) => `e0000000-0000-4000-8000-00000000${n}`)
const quizLesson = 'e0000000-0000-4000-8000-000000001009'
const textLesson = lessonIds[1]!
const videoLesson = lessonIds[2]!
const lessonUrl = (lessonId: string) => `/learn/${slug}/${lessonId}`
const password = 'learning-all-day'

const video = (page: Page) => page.locator('video')
const currentTime = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.currentTime)
const trophy = (page: Page) => page.getByRole('button', { name: /^Course progress: \d+%$/ })

/** Waits for the save_progress call that carries this position (the player saves on pause). */
function savedPosition(page: Page, position: number) {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/rpc/save_progress') &&
      response.ok() &&
      (response.request().postDataJSON() as { position_s?: number }).position_s === position,
  )
}

/** Seeks the paused video (the player saves a paused seek as the new resume point); returns the whole second. */
async function seekTo(page: Page, seconds: number): Promise<number> {
  await video(page).evaluate(async (el: HTMLVideoElement, to) => {
    el.currentTime = to
    await new Promise((resolve) => el.addEventListener('seeked', resolve, { once: true }))
  }, seconds)
  return Math.floor(await currentTime(page))
}

test('a new learner signs up, enrolls, resumes a video, ticks lessons live across devices and finishes', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('journey')

  // Sign up and confirm through the inbox.
  await page.goto('/auth/sign-up')
  await expect(page).toHaveTitle('Create an account · Summit')
  await page.getByLabel('Your name').fill('Journey Learner')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await page.goto(extractLink(await latestEmail(email, { subject: /confirm/i, after: sentAfter })))
  await expect(page).toHaveURL(/127\.0\.0\.1:5173\/$/)
  // A new account is welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Summit' })).toBeVisible()
  await expect(page).toHaveTitle('Home · Summit')

  // Enroll on the course page.
  await page.goto(`/courses/${slug}`)
  await expect(page).toHaveTitle('Web Accessibility Basics · Summit')
  await page.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0')

  // Play a video for a few seconds, pause, reload: it resumes where it was paused.
  await page.goto(lessonUrl(videoLesson))
  await expect(page).toHaveTitle('WCAG in plain words — Web Accessibility Basics · Summit')
  await expect(video(page)).toBeVisible()
  await video(page).evaluate(async (el: HTMLVideoElement) => {
    el.muted = true
    await el.play()
  })
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3)
  // Opening the lesson saved position 0; the pause save is the first one with a position.
  const pauseSaved = page.waitForResponse(
    (r) =>
      r.url().includes('/rest/v1/rpc/save_progress') &&
      r.ok() &&
      ((r.request().postDataJSON() as { position_s?: number }).position_s ?? 0) > 0,
  )
  const paused = Math.floor(await video(page).evaluate((el: HTMLVideoElement) => (el.pause(), el.currentTime)))
  expect((await pauseSaved).request().postDataJSON()).toMatchObject({ position_s: paused })
  const pauseBroadcastAt = Date.now()
  await page.reload()
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(paused - 1)
  expect(Math.abs((await currentTime(page)) - paused)).toBeLessThanOrEqual(1.5)

  // A second browser context of the same learner, on the same video.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const second = await other.newPage()
  await signIn(second, email, password, lessonUrl(videoLesson))
  await expect(second.locator('[data-progress-sync="live"]')).toBeVisible()
  await expect(video(second)).toBeVisible()

  // Moving on in the first context offers "Continue at mm:ss" in the second (no automatic jump). The database sends a
  // lesson's position live at most every 5 s (private.broadcast_progress), and the pause's went out: a move within
  // those 5 s is saved but not sent, so it is made after them (the second context could be ready sooner).
  await page.waitForTimeout(Math.max(0, pauseBroadcastAt + 5_500 - Date.now()))
  const saved = savedPosition(page, 20)
  expect(await seekTo(page, 20.2)).toBe(20)
  await saved
  const continueButton = second.getByRole('button', { name: 'Continue at 0:20' })
  await expect(continueButton).toBeVisible()
  await continueButton.click()
  await expect.poll(() => currentTime(second)).toBeGreaterThanOrEqual(19.5)

  // Tick a text lesson: the progress moves here (1 of the course's 9 lessons, its quiz included) and the tick arrives
  // live in the second context.
  await second.goto(lessonUrl(textLesson))
  await expect(second.locator('[data-progress-sync="live"]')).toBeVisible()
  await page.goto(lessonUrl(textLesson))
  await expect(trophy(page)).toHaveAccessibleName('Course progress: 0%')
  const tick = page.getByRole('checkbox', { name: 'Mark complete' })
  await tick.click()
  await expect(tick).toBeChecked()
  await expect(trophy(page)).toHaveAccessibleName('Course progress: 11%')
  await expect(second.getByRole('checkbox', { name: 'Mark complete' })).toBeChecked()
  await expect(trophy(second)).toHaveAccessibleName('Course progress: 11%')
  await other.close()

  // Finish: tick every lesson through the player, going on with Next, then pass the quiz that closes the course.
  await page.goto(lessonUrl(lessonIds[0]!))
  for (let index = 0; index < lessonIds.length; index++) {
    const checkbox = page.getByRole('checkbox', { name: 'Mark complete' })
    if (!(await checkbox.isChecked())) await checkbox.click()
    await expect(checkbox).toBeChecked()
    const next = page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: /^Next/ })
    const nextTitle = ((await next.textContent()) ?? '').replace(/^Next/, '').trim()
    await next.click()
    // Wait for the next lesson itself: until its loader finishes, the previous lesson stays on screen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle)
  }
  await expect(page).toHaveURL(new RegExp(`${quizLesson}$`))
  await page.getByRole('button', { name: 'Start the quiz' }).click()
  await answerAllRight(page)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  const moment = page.getByRole('dialog', { name: 'You finished the course!' })
  // The moment follows the graded submit, as in the quiz journey.
  await expect(moment).toBeVisible({ timeout: 20_000 })
  await expect(moment.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  await moment.getByRole('link', { name: 'Back to the course' }).click()
  await expect(page).toHaveURL(new RegExp(`/courses/${slug}$`))
  await expect(page.getByText('Course completed')).toBeVisible()
})

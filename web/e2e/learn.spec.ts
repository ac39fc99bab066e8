// The player's access rules and accessibility: a visitor plays a preview lesson (with captions), is sent to sign in
// for anything else, a signed-in learner who is not enrolled sees locked lessons' reason and never their content,
// unknown lessons are "not found", and the player has no serious or critical axe violation.
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const slug = 'web-accessibility-basics'
// Seeded lessons of web-accessibility-basics (supabase/seed.sql): 1001 is a video preview, 1003 a locked video.
const previewVideo = 'e0000000-0000-4000-8000-000000001001'
const lockedVideo = 'e0000000-0000-4000-8000-000000001003'
const lessonUrl = (lessonId: string) => `/learn/${slug}/${lessonId}`

test('a visitor plays a preview lesson with captions', async ({ page }) => {
  await page.goto(lessonUrl(previewVideo))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const video = page.locator('video')
  await expect(video).toBeVisible()
  await expect(page.getByText('This is a free preview')).toBeVisible()
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true
    await el.play()
  })
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(1)
  // The captions track loaded from the private bucket through its signed URL (readyState 2 = LOADED).
  await expect.poll(() => page.locator('video track').evaluate((t: HTMLTrackElement) => t.readyState)).toBe(2)
})

test('a visitor opening a lesson that is not a preview is sent to sign in and back', async ({ page }) => {
  await page.goto(lessonUrl(lockedVideo))
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/)
  expect(decodeURIComponent(page.url())).toContain(lessonUrl(lockedVideo))
})

test('a signed-in learner who is not enrolled sees the lock, never the content', async ({ page }) => {
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, lessonUrl(lockedVideo))
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toBeVisible()
  await expect(page.getByText('Enroll in this course on the course page to open this lesson.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the course page to enroll' })).toHaveAttribute(
    'href',
    `/courses/${slug}`,
  )
  await expect(page.locator('video')).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: 'Mark complete' })).toHaveCount(0)
})

test('an unknown lesson is not found', async ({ page }) => {
  await page.goto(lessonUrl('e0000000-0000-4000-8000-00000000ffff'))
  await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible()
})

test('on a small screen the curriculum opens behind Menu @mobile', async ({ page }) => {
  await page.goto(lessonUrl(previewVideo))
  await expect(page.getByRole('complementary', { name: 'Course curriculum' })).toBeHidden()
  await page.getByRole('button', { name: 'Curriculum' }).click()
  const drawer = page.getByRole('dialog', { name: 'Curriculum' })
  await expect(drawer).toBeVisible()
  await expect(drawer.locator('a[aria-current="page"]')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  // Focus goes back to the button that opened it.
  await expect(page.getByRole('button', { name: 'Curriculum' })).toBeFocused()
})

test('on a wide screen the curriculum is a sidebar with the open lesson marked @desktop', async ({ page }) => {
  await page.goto(lessonUrl(previewVideo))
  const sidebar = page.getByRole('complementary', { name: 'Course curriculum' })
  await expect(sidebar).toBeVisible()
  await expect(sidebar.locator('a[aria-current="page"]')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Curriculum' })).toBeHidden()
})

test('the player has no serious or critical accessibility violation', async ({ page }) => {
  // Two full axe passes over the player (video, notes and Q&A, curriculum) take most of 30 s on a loaded 2-core machine.
  test.setTimeout(60_000)
  await page.goto(lessonUrl(previewVideo))
  await expect(page.locator('video')).toBeVisible()
  await expectNoSeriousViolations(page)
  const trophy = page.getByRole('button', { name: /Course progress/ })
  await trophy.click()
  await expect(trophy).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/0 of \d+ lessons · 0% · certificate at 100%/)).toBeVisible()
  await expectNoSeriousViolations(page)
  // The button closes its panel again, and Escape returns focus to it.
  await trophy.click()
  await expect(page.getByText(/0 of \d+ lessons · 0% · certificate at 100%/)).toBeHidden()
  await trophy.click()
  await page.keyboard.press('Escape')
  await expect(page.getByText(/0 of \d+ lessons · 0% · certificate at 100%/)).toBeHidden()
  await expect(trophy).toBeFocused()
})

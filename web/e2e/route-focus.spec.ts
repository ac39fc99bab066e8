// Focus after navigation: signing in lands on the new page's heading (not <body>), a link followed with the
// keyboard lands on the next page's heading with its title announced, and in the player Enter on "Next" moves to
// the next lesson's heading, so a second Enter does not skip a lesson. Filters that only change the search keep
// focus where it is. No serious accessibility violation, at 360 and 1280 px (the two projects).
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signInThroughForm } from './support'
import { enrollAs } from './support/enrollment'

const slug = 'web-accessibility-basics'
const firstLesson = 'e0000000-0000-4000-8000-000000001001'

/** What has focus, as a screen reader would name it: the tag and the text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement
    return { tag: active?.tagName ?? null, text: active?.textContent?.trim() ?? '' }
  })
}

test('after sign-in and after each page change, focus is on the new page heading and its title is announced', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const learner = await createConfirmedUser({ displayName: 'Focus Learner' })
  await enrollAs(learner, { slug })

  // Sign in through the form: the home page's heading has focus, and the page is announced.
  await signInThroughForm(page, learner.email, learner.password, '/')
  const home = page.getByRole('heading', { level: 1 })
  await expect(home).toBeFocused()
  await expect(page.getByTestId('route-announcer')).toHaveText('Home · Summit')
  await expectNoSeriousViolations(page)

  // Open the course's first lesson from its page, with the keyboard.
  await page.goto(`/courses/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const lessonLink = page.locator(`a[href="/learn/${slug}/${firstLesson}"]`).first()
  await lessonLink.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/learn/${slug}/${firstLesson}$`))
  const lessonHeading = page.getByRole('heading', { level: 1 })
  // The player can take a while on a busy machine; focus must still land on its heading once it shows.
  await expect(lessonHeading).toBeFocused({ timeout: 30_000 })
  const firstTitle = (await lessonHeading.innerText()).trim()
  await expect(page.getByTestId('route-announcer')).toHaveText(await page.title())
  await expect(page.getByTestId('route-announcer')).toContainText(firstTitle)

  // Next with Enter: the second lesson's heading has focus, so Enter again stays on the second lesson.
  const next = page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: /^Next/ })
  await next.focus()
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(new RegExp(`${firstLesson}$`))
  const secondUrl = page.url()
  await expect(lessonHeading).toBeFocused({ timeout: 30_000 })
  await expect(lessonHeading).not.toHaveText(firstTitle)
  const secondTitle = (await lessonHeading.innerText()).trim()
  await expect(page.getByTestId('route-announcer')).toContainText(secondTitle)
  expect((await focused(page)).tag).toBe('H1')
  await page.keyboard.press('Enter')
  await page.waitForTimeout(1_000)
  expect(page.url(), 'a second Enter does not skip a lesson').toBe(secondUrl)
  await expectNoSeriousViolations(page)

  // Back in history lands on the first lesson's heading too.
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`${firstLesson}$`))
  await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeFocused()
})

test('a filter that only changes the search keeps focus in the filter', async ({ page }) => {
  await page.goto('/')
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const level = page.getByLabel('Level')
  await level.focus()
  await level.selectOption('beginner')
  await expect(page).toHaveURL(/level=beginner/)
  await page.waitForTimeout(500)
  await expect(level).toBeFocused()
})

test('a page opened from the Menu drawer has its heading focused, not the Menu button @mobile', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await drawer.getByRole('link', { name: 'Courses' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/courses$/)
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByTestId('route-announcer')).toHaveText(await page.title())
})

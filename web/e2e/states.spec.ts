// States that do not keep a learner waiting: with the API out of reach, home and the catalog say so within 3 s; an
// unknown course or lesson is "not found" after one request (no retries), a malformed lesson id without any; a
// catalog page past the last one goes to the last page; home asks for the learner's courses once. Titles included.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, signIn } from './support'

const slug = 'web-accessibility-basics'

/** Refuses every API call as an unreachable server would; returns when the first one was made. */
async function cutTheApi(page: Page): Promise<() => number | null> {
  let firstCall: number | null = null
  await page.route(/:54321\/(rest|auth|storage|functions)\/v1\//, (route) => {
    firstCall ??= Date.now()
    return route.abort('connectionrefused')
  })
  return () => firstCall
}

/** Waits, checking every animation frame (expect()'s polling would add up to a second), for an h1 with this text. */
async function headingAppears(page: Page, text: string) {
  await page.waitForFunction(
    (wanted) => [...document.querySelectorAll('h1')].some((h) => h.textContent === wanted),
    text,
    {
      polling: 'raf',
      timeout: 20_000,
    },
  )
}

for (const [name, path] of [
  ['home', '/'],
  ['the catalog', '/courses'],
] as const) {
  test(`with the API out of reach, ${name} shows its error within 3 seconds`, async ({ page }) => {
    // Timed from the page's first call to the API, not from navigation: loading the app is not what is measured.
    const firstCall = await cutTheApi(page)
    await page.goto(path)
    await headingAppears(page, 'Something went wrong')
    expect(firstCall(), 'the page called the API').not.toBeNull()
    expect(Date.now() - (firstCall() ?? 0)).toBeLessThan(3000)
    await expect(page.getByRole('alert')).toContainText('Check your connection')

    // Back online, "Try again" shows the page.
    await page.unrouteAll()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}

test('an unknown course is not found after a single request', async ({ page }) => {
  const outlines: number[] = []
  let answered: number | null = null
  page.on('request', (request) => {
    if (request.url().includes('/rpc/course_outline')) outlines.push(Date.now())
  })
  page.on('response', (response) => {
    if (response.url().includes('/rpc/course_outline')) answered ??= Date.now()
  })
  await page.goto('/courses/no-such-course-anywhere')
  await headingAppears(page, 'Course not found')
  // Timed from the API's answer: how long the stack takes to answer on a loaded machine is not the page's doing, how
  // long the page takes to show the answer is. A retry would be a second outline call, which the count below rules out.
  expect(answered, 'the outline was answered').not.toBeNull()
  expect(Date.now() - (answered ?? 0)).toBeLessThan(3000)
  await expect(page).toHaveTitle('Course not found · Summit')
  await page.waitForTimeout(1500)
  expect(outlines).toHaveLength(1)
})

test('an unknown lesson is not found after a single request, a malformed id without any', async ({ page }) => {
  test.setTimeout(60_000)
  const outlines: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rpc/course_outline')) outlines.push(request.url())
  })
  await page.goto(`/learn/${slug}/e0000000-0000-4000-8000-00000000ffff`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lesson not found' })).toBeVisible()
  await expect(page).toHaveTitle('Lesson not found · Summit')
  await page.waitForTimeout(1500)
  expect(outlines).toHaveLength(1)

  outlines.length = 0
  await page.goto(`/learn/${slug}/not-a-lesson-id`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lesson not found' })).toBeVisible()
  await expect(page).toHaveTitle('Lesson not found · Summit')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  expect(outlines).toHaveLength(0)
})

test('a catalog page past the last one goes to the last page', async ({ page }) => {
  await page.goto('/courses?page=9')
  // The demo catalog fits on one page, which the URL leaves out.
  await expect(page).toHaveURL(/\/courses$/)
  await expect(page).toHaveTitle('Courses · Summit')
  await expect(page.getByRole('link', { name: /Web Accessibility Basics/ }).first()).toBeVisible()
  await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0)
  await expect(page.getByText('This page is empty')).toHaveCount(0)
})

test('pages name themselves: lesson, course, sign-in and home', async ({ page }) => {
  // Each page is a first visit to the dev server, which compiles its modules on the way.
  test.setTimeout(90_000)
  const title = { timeout: 20_000 }
  await page.goto(`/learn/${slug}/e0000000-0000-4000-8000-000000001001`)
  await expect(page).toHaveTitle('What accessibility really means — Web Accessibility Basics · Summit', title)
  await page.goto(`/courses/${slug}`)
  await expect(page).toHaveTitle('Web Accessibility Basics · Summit', title)
  await page.goto('/auth/sign-in')
  await expect(page).toHaveTitle('Sign in · Summit', title)
  await page.goto('/')
  await expect(page).toHaveTitle('Home · Summit', title)
})

test('home asks for the learner’s courses once', async ({ page }) => {
  const user = await createConfirmedUser()
  const enrollments: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/enrollments') enrollments.push(request.method())
  })
  await signIn(page, user.email, user.password)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Summit' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(enrollments, 'after signing in').toHaveLength(1)

  enrollments.length = 0
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Summit' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(enrollments, 'on a visit').toHaveLength(1)
})

// The creator studio journey, from an empty course to a learner learning it: the demo owner creates a course in
// their school, makes it sequential, builds two sections of text lessons, moves a lesson with the keyboard alone
// (Space, arrow, Space) and finds the order kept after a reload, publishes it, previews it as a learner (banner,
// locks, inert ticks, nothing written); then a fresh user finds it in the catalog, enrolls and learns its first
// lesson, after which the course can no longer go back to draft and archiving asks for two-factor sign-in. No
// serious accessibility violation at either width.
import { expect, test, type Page } from '@playwright/test'
import { apiUrl, createConfirmedUser, expectNoSeriousViolations, secretKey, signIn } from './support'

const owner = { email: 'owner@example.com', password: 'summit-demo' }

async function addLesson(page: Page, section: string, title: string) {
  const adder = page.getByRole('listitem').filter({ has: page.getByLabel(`New lesson in ${section}`) })
  await page.getByLabel(`New lesson in ${section}`).fill(title)
  await adder.getByLabel('Lesson kind').selectOption('text')
  await adder.getByRole('button', { name: 'Add lesson' }).click()
  await expect(page.getByRole('list', { name: `Lessons of ${section}` }).getByText(title)).toBeVisible()
}

const lessonTitles = (page: Page, section: string) =>
  page.getByRole('list', { name: `Lessons of ${section}` }).getByTestId('lesson-title')

const nextLesson = (page: Page) =>
  page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: /^Next/ })

/** The course's rows of a table, read with the secret key (what the database holds, whatever the UI shows). */
async function rowsOf(table: 'enrollments' | 'lesson_progress', courseId: string): Promise<unknown[]> {
  const response = await fetch(`${apiUrl}/rest/v1/${table}?course_id=eq.${courseId}&select=*`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  })
  expect(response.status, `reading ${table}`).toBe(200)
  return (await response.json()) as unknown[]
}

test('an owner builds, publishes and previews a course; a new learner finds it, enrolls and learns', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const title = `Studio journey ${testInfo.project.name} ${Date.now().toString(36)}`
  const slug = title.toLowerCase().replaceAll(' ', '-')
  await signIn(page, owner.email, owner.password, '/studio')
  await expect(page.getByRole('heading', { name: 'Studio', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Studio · Summit')
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Studio' })).toBeVisible()
  }
  const school = page.getByRole('region', { name: 'Summit Academy' })
  await expect(school.getByText('Owner', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Create -------------------------------------------------------------------------------------------------------
  await school.getByRole('button', { name: 'New course' }).click()
  await school.getByLabel('Course title').fill(title)
  await expect(school.getByLabel('Web address')).toHaveValue(slug)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()

  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  const courseId = new URL(page.url()).pathname.split('/').at(-1) ?? ''
  const editorUrl = `/studio/courses/${courseId}`
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`${title} · Studio · Summit`)

  // Sequential, so a learner (and the preview) meets a lock: each lesson waits for the one before.
  const progressionSaved = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/courses') && r.request().method() === 'PATCH' && r.ok(),
  )
  await page.getByLabel('Progression').selectOption('sequential')
  await progressionSaved

  // Curriculum ---------------------------------------------------------------------------------------------------
  for (const section of ['Basics', 'Going further']) {
    await page.getByLabel('New section title').fill(section)
    await page.getByRole('button', { name: 'Add section' }).click()
    await expect(page.getByRole('list', { name: `Lessons of ${section}` })).toBeAttached()
  }
  await addLesson(page, 'Basics', 'First steps')
  await addLesson(page, 'Basics', 'Second steps')
  await addLesson(page, 'Going further', 'Deeper')
  await expect(lessonTitles(page, 'Basics')).toHaveText(['First steps', 'Second steps'])

  // Keyboard only: lift the lesson, move it down one place, drop it.
  const reordered = page.waitForResponse((r) => r.url().includes('/rpc/reorder_curriculum') && r.ok())
  const handle = page.getByRole('button', { name: 'Move lesson First steps' })
  await handle.press('Space')
  // Lifted: the handle is pressed and the live region says where the lesson hovers (its "picked up" line is replaced
  // at once); the arrow keys are listened to from then on.
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  const announcement = page.getByRole('status').filter({ hasText: /lesson First steps is over/ })
  await expect(announcement).toContainText('is over lesson First steps')
  await page.keyboard.press('ArrowDown')
  await expect(announcement).toContainText('is over lesson Second steps')
  await page.keyboard.press('Space')
  await reordered
  await expect(lessonTitles(page, 'Basics')).toHaveText(['Second steps', 'First steps'])

  await page.reload()
  await expect(lessonTitles(page, 'Basics')).toHaveText(['Second steps', 'First steps'])
  await expect(lessonTitles(page, 'Going further')).toHaveText(['Deeper'])
  await expect(page.getByLabel('Progression')).toHaveValue('sequential')

  // VIDEO UPLOAD STEP: the lesson editor's video upload (interrupted and resumed) belongs here, before publishing;
  // this journey keeps to text lessons, which publish without a video.

  // Publish ------------------------------------------------------------------------------------------------------
  const checklist = page.getByRole('list', { name: 'Publishing checklist' })
  await expect(checklist.getByText('At least one section with a lesson')).toBeVisible()
  await expect(checklist.getByText('Title', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)

  // Preview as a learner: the learner's page and player, locks included, and nothing written ------------------------
  const writes: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (
      request.method() !== 'GET' &&
      /\/rpc\/save_progress|\/lesson_progress|\/enrollments|\/functions\/v1\/enroll/.test(url)
    ) {
      writes.push(`${request.method()} ${url}`)
    }
  })
  await page.getByRole('link', { name: 'Preview as learner' }).click()
  await expect(page).toHaveURL(new RegExp(`/courses/${slug}\\?preview=learner$`))
  await expect(page).toHaveTitle(`Preview: ${title} · Summit`)
  await expect(page.getByRole('region', { name: 'You are previewing as a learner' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0')
  const outline = page.getByRole('region', { name: 'Course content' })
  await expect(outline.getByText('Finish “Second steps” first')).toBeVisible()
  await expect(outline.getByRole('checkbox', { name: /Second steps/ })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Edit in studio' })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: /Start learning/ }).click()
  await expect(page).toHaveURL(/\/learn\/.+\?preview=learner$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Second steps' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'You are previewing as a learner' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Mark complete' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Course progress: 0%' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await nextLesson(page).click()
  await expect(page.getByRole('heading', { level: 1, name: 'First steps' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toBeVisible()
  await expect(page.getByText('Finish “Second steps” first.')).toBeVisible()

  await page.getByRole('link', { name: 'Back to the studio' }).click()
  await expect(page).toHaveURL(new RegExp(`${editorUrl}$`))
  expect(writes).toEqual([])
  expect(await rowsOf('enrollments', courseId)).toEqual([])
  expect(await rowsOf('lesson_progress', courseId)).toEqual([])

  // A new learner finds it in the catalog, enrolls and learns -------------------------------------------------------
  const learner = await createConfirmedUser({ displayName: 'Studio Learner' })
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  })
  const second = await context.newPage()
  await signIn(second, learner.email, learner.password, '/courses')
  await second.getByLabel('Search courses').fill(title)
  // The search applies after a pause; following a result before then would be overtaken by it.
  await expect(second).toHaveURL(/[?&]q=/)
  await expect(second.getByRole('region', { name: '1 course' })).toBeVisible()
  await second.getByRole('link', { name: title }).click()
  await expect(second.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(second.getByRole('region', { name: 'You are previewing as a learner' })).toHaveCount(0)
  await second.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(second.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0')
  await expectNoSeriousViolations(second)
  await second.getByRole('link', { name: /Start learning/ }).click()
  await expect(second.getByRole('heading', { level: 1, name: 'Second steps' })).toBeVisible()
  const ticked = second.waitForResponse((r) => r.url().includes('/rpc/save_progress') && r.ok())
  const tick = second.getByRole('checkbox', { name: 'Mark complete' })
  await tick.click()
  await expect(tick).toBeChecked()
  await ticked
  await expect(second.getByRole('button', { name: 'Course progress: 33%' })).toBeVisible()
  await nextLesson(second).click()
  await expect(second.getByRole('heading', { level: 1, name: 'First steps' })).toBeVisible()
  await expect(second.getByRole('checkbox', { name: 'Mark complete' })).toBeEnabled()
  await context.close()

  // With a learner, the course stays out of draft, and archiving asks for two-factor sign-in -------------------------
  await page.reload()
  await page.getByRole('button', { name: 'Back to draft' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The course stays published' })).toContainText(
    'cannot go back to draft; archive it instead',
  )
  await page.getByRole('button', { name: 'Archive' }).click()
  // The step-up dialog asks for a second factor; this owner has none, so it says where to set one up. Cancelling
  // leaves the refusal explained on the page.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await expect(stepUp.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
    'href',
    '/account#security',
  )
  await stepUp.getByRole('button', { name: 'Cancel' }).click()
  await expect(stepUp).toBeHidden()
  await expect(page.getByRole('alert').filter({ hasText: 'Two-factor sign-in needed' })).toContainText('second factor')
  await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible()
})

test('an unknown course id shows not found', async ({ page }) => {
  await signIn(page, owner.email, owner.password, '/studio/courses/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible()
})

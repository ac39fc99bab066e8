// The quiz studio journey: a new course creator imports a small GIFT file into a course's question bank, reads the
// preview (four questions, and the one line it could not read named with its reason), confirms, builds a quiz lesson
// from the imported questions, previews it with the key, and publishes the course. Then the bank's own writes: a
// question written, edited, duplicated and deleted; one a quiz uses kept, with the reason; an in-video check pinned
// and removed. No serious accessibility violation at either width.
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const giftFile = fileURLToPath(new URL('./fixtures/quiz-questions.gift', import.meta.url))

/** A new user who owns a new school with one draft course; answers the course's id and title, in its editor. */
async function createSchoolAndCourse(page: Page, displayName: string, project: string) {
  const user = await createConfirmedUser({ displayName })
  const suffix = `${project} ${Date.now().toString(36)}`
  const schoolName = `Quiz School ${suffix}`
  const courseTitle = `Quiz course ${suffix}`
  await signIn(page, user.email, user.password, '/studio')
  await page.getByRole('button', { name: 'Create a school' }).click()
  await page.getByLabel('School name').fill(schoolName)
  await page.getByRole('button', { name: 'Create school' }).click()
  const school = page.getByRole('region', { name: schoolName })
  await school.getByRole('button', { name: 'Create your first course' }).click()
  await school.getByLabel('Course title').fill(courseTitle)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  return { courseId: new URL(page.url()).pathname.split('/').at(-1) ?? '', courseTitle }
}

/** Adds a lesson of a kind in a new section and opens its editor. */
async function addLessonAndOpen(page: Page, section: string, title: string, kind: 'quiz' | 'video') {
  await page.getByLabel('New section title').fill(section)
  await page.getByRole('button', { name: 'Add section' }).click()
  const adder = page.getByRole('listitem').filter({ has: page.getByLabel(`New lesson in ${section}`) })
  await page.getByLabel(`New lesson in ${section}`).fill(title)
  await adder.getByLabel('Lesson kind').selectOption(kind)
  await adder.getByRole('button', { name: 'Add lesson' }).click()
  await page.getByRole('link', { name: `Edit lesson ${title}` }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
}

test('an author imports a GIFT file, builds a quiz lesson from it and publishes the course', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const { courseId, courseTitle } = await createSchoolAndCourse(page, 'Quentin Quiz', testInfo.project.name)

  // The question bank: empty, then an import previewed before anything is added -----------------------------------
  await page.getByRole('main').getByRole('link', { name: 'Questions', exact: true }).click()
  await expect(page).toHaveURL(`/studio/courses/${courseId}/questions`)
  await expect(page).toHaveTitle(`Question bank · ${courseTitle} · Studio · Summit`)
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import questions' })
  await dialog.getByLabel('File').setInputFiles(giftFile)
  await expect(dialog.getByRole('heading', { name: '4 questions read, 1 problem' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Lines that could not be read' })).toHaveText([
    'Line 14: The answer block opened here is not closed with }.',
  ])
  const read = dialog.getByRole('list', { name: 'Questions to import' }).getByRole('listitem')
  await expect(read).toHaveCount(4)
  await expect(read.nth(0)).toContainText('What is the capital of France?')
  await expect(read.nth(0)).toContainText('Right: A (Paris)')
  await expect(read.nth(0)).toContainText('Tags: Geography')
  await expect(read.nth(3)).toContainText('Multiple answers')
  await expectNoSeriousViolations(page)
  // Nothing is in the bank until the author confirms.
  const bankRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rpc/import_quiz_questions')) bankRequests.push(request.url())
  })
  expect(bankRequests).toEqual([])
  await dialog.getByRole('button', { name: 'Import 4 questions' }).click()
  await expect(dialog).toBeHidden()
  expect(bankRequests).toHaveLength(1)
  const questions = page
    .getByRole('list', { name: 'Questions', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Right:' })
  await expect(questions).toHaveCount(4)
  await expect(page.getByRole('status').filter({ hasText: '4 questions' })).toBeVisible()

  // The tag filter keeps to the URL.
  await page.getByLabel('Tag', { exact: true }).selectOption('Geography')
  await expect(page).toHaveURL(/tag=Geography/)
  await page.getByLabel('Search questions').fill('capital')
  await expect(page.getByRole('status').filter({ hasText: '1 of 4 questions' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // A quiz lesson from the imported questions -------------------------------------------------------------------
  await page.getByRole('main').getByRole('link', { name: courseTitle }).click()
  await addLessonAndOpen(page, 'Check yourself', 'France quiz', 'quiz')
  await expect(page.getByLabel('Kind', { exact: true })).toHaveValue('quiz')

  const quiz = page.getByRole('region', { name: 'Quiz', exact: true })
  await expect(quiz.getByText('No fixed questions yet.')).toBeVisible()
  await quiz.getByRole('button', { name: 'Add all (4)' }).click()
  const picked = quiz.getByRole('list', { name: 'Quiz questions' }).getByRole('listitem')
  await expect(picked).toHaveCount(4)
  // The capital question goes last, whatever order the bank listed the imported questions in.
  for (let moves = 0; moves < 3; moves++) {
    const down = quiz.getByRole('button', { name: 'Move “What is the capital of France?” down' })
    if (await down.isDisabled()) break
    await down.click()
  }
  await expect(picked.last()).toContainText('What is the capital of France?')
  await quiz.getByLabel('Pass mark (%)').fill('75')
  await quiz.getByLabel('Unlimited attempts').click()
  await quiz.getByLabel('Attempts allowed').fill('3')
  await quiz.getByLabel('Wait between attempts (minutes)').fill('10')
  const saved = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/quiz_settings') && r.request().method() === 'PATCH' && r.ok(),
  )
  await quiz.getByRole('button', { name: 'Save quiz settings' }).click()
  await saved
  await expect(quiz.getByText('Quiz settings saved.')).toBeVisible()
  await expectNoSeriousViolations(page)

  // The preview shows the quiz in its order, with the key visible to the author.
  await quiz.getByRole('button', { name: 'Preview quiz' }).click()
  const preview = page.getByRole('dialog', { name: 'Quiz preview' })
  const items = preview
    .getByRole('list', { name: 'Quiz questions with their key' })
    .getByRole('listitem')
    .filter({
      hasText: /^Question \d/,
    })
  await expect(items).toHaveCount(4)
  await expect(items.last()).toContainText('What is the capital of France?')
  const capital = items.filter({ hasText: 'What is the capital of France?' })
  await expect(capital).toContainText('Paris (right answer)')
  await expect(capital).toContainText('Paris has been the capital since the 10th century.')
  await expect(preview.getByText('pass mark 75%')).toBeVisible()
  await expectNoSeriousViolations(page)
  await preview.getByRole('button', { name: 'Close' }).click()

  // Publish -------------------------------------------------------------------------------------------------------
  await page.getByRole('main').getByRole('link', { name: courseTitle }).click()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Back to draft' })).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('an author writes, edits, duplicates and deletes questions, cannot delete one a quiz uses, and pins one in a video', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const { courseTitle } = await createSchoolAndCourse(page, 'Wanda Writer', testInfo.project.name)
  await page.getByRole('main').getByRole('link', { name: 'Questions', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible()

  // Write one, the form saying what is missing beside each field first.
  await page.getByRole('button', { name: 'New question' }).click()
  const form = page.getByRole('dialog', { name: 'New question' })
  await form.getByRole('button', { name: 'Add question' }).click()
  await expect(form.getByText('Write the question.')).toBeVisible()
  await expect(form.getByText('Give at least 2 options.')).toBeVisible()
  await form.getByLabel('Question', { exact: true }).fill('What is **2 + 2**?')
  await form.getByRole('tab', { name: 'Preview' }).first().click()
  await expect(form.locator('strong').getByText('2 + 2')).toBeVisible()
  await form.getByRole('tab', { name: 'Write' }).first().click()
  await form.getByLabel('Option A', { exact: true }).fill('4')
  await form.getByLabel('Option B', { exact: true }).fill('5')
  await form.getByLabel('Points').fill('2')
  await form.getByLabel('Tags').fill('arithmetic, week 1')
  await expectNoSeriousViolations(page)
  await form.getByRole('button', { name: 'Add question' }).click()
  await expect(form).toBeHidden()
  const rows = page
    .getByRole('list', { name: 'Questions', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Right:' })
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Single choice · Right: A (4) · 2 points')

  // Edit: a number instead.
  await page.getByRole('button', { name: 'Edit “What is 2 + 2?”' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit question' })
  await edit.getByLabel('Kind').selectOption('numeric')
  await edit.getByLabel('Right number').fill('4')
  await edit.getByLabel('Tolerance (±)').fill('0.5')
  await edit.getByRole('button', { name: 'Save question' }).click()
  await expect(edit).toBeHidden()
  await expect(rows.first()).toContainText('Number · Right: 4 ± 0.5 · 2 points')

  // Duplicate, then delete the copy.
  await page.getByRole('button', { name: 'Duplicate “What is 2 + 2?”' }).click()
  await expect(rows).toHaveCount(2)
  await page.getByRole('button', { name: 'Delete “What is 2 + 2?”' }).first().click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete question' }).click()
  await expect(rows).toHaveCount(1)

  // A quiz uses the question: the database keeps it, and the page says why.
  await page.getByRole('main').getByRole('link', { name: courseTitle }).click()
  await addLessonAndOpen(page, 'Check', 'Sums', 'quiz')
  const quiz = page.getByRole('region', { name: 'Quiz', exact: true })
  await quiz.getByLabel('Add a question from the bank').selectOption({ label: 'What is 2 + 2?' })
  await quiz.getByRole('button', { name: 'Add', exact: true }).click()
  await quiz.getByRole('button', { name: 'Save quiz settings' }).click()
  await expect(quiz.getByText('Quiz settings saved.')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: courseTitle }).click()
  await page.getByRole('main').getByRole('link', { name: 'Questions', exact: true }).click()
  await page.getByRole('button', { name: 'Delete “What is 2 + 2?”' }).click()
  const confirm = page.getByRole('alertdialog')
  await confirm.getByRole('button', { name: 'Delete question' }).click()
  await expect(confirm.getByRole('alert')).toContainText('This question is used by a quiz or by learners’ attempts')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(rows).toHaveCount(1)

  // In-video checks: pinned at a moment, listed, removed.
  await page.getByRole('main').getByRole('link', { name: courseTitle }).click()
  await addLessonAndOpen(page, 'Watch', 'A video', 'video')
  const checks = page.getByRole('region', { name: 'In-video checks' })
  await expect(checks.getByText('No checks in this video yet.')).toBeVisible()
  await checks.getByLabel('At', { exact: true }).fill('1:75')
  await checks.getByLabel('Question', { exact: true }).selectOption({ label: 'What is 2 + 2?' })
  await checks.getByRole('button', { name: 'Add check' }).click()
  await expect(checks.getByText('Write a moment like 1:30 (or seconds).')).toBeVisible()
  await checks.getByLabel('At', { exact: true }).fill('1:30')
  await checks.getByRole('button', { name: 'Add check' }).click()
  await expect(checks.getByRole('list', { name: 'In-video checks' })).toContainText('1:30What is 2 + 2?')
  await expectNoSeriousViolations(page)
  await checks.getByRole('button', { name: 'Remove the check at 1:30' }).click()
  await expect(checks.getByText('No checks in this video yet.')).toBeVisible()
})

// The quiz studio journey: a new course creator imports a small GIFT file into a course's question bank, reads the
// preview (four questions, and the one line it could not read named with its reason), confirms, builds a quiz lesson
// from the imported questions, previews it with the key, and publishes the course. No serious accessibility
// violation at either width.
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const giftFile = fileURLToPath(new URL('./fixtures/quiz-questions.gift', import.meta.url))

test('an author imports a GIFT file, builds a quiz lesson from it and publishes the course', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const user = await createConfirmedUser({ displayName: 'Quentin Quiz' })
  const suffix = `${testInfo.project.name} ${Date.now().toString(36)}`
  const schoolName = `Quiz School ${suffix}`
  const courseTitle = `Quiz course ${suffix}`

  // A school and a course of one's own ------------------------------------------------------------------------------
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
  const courseId = new URL(page.url()).pathname.split('/').at(-1) ?? ''

  // The question bank: empty, then an import previewed before anything is added -----------------------------------
  await page.getByRole('main').getByRole('link', { name: 'Questions', exact: true }).click()
  await expect(page).toHaveURL(`/studio/courses/${courseId}/questions`)
  await expect(page).toHaveTitle(`Question bank · ${courseTitle} · Studio · Summit`)
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 }).locator('[tabindex="-1"]')).toBeFocused()
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
  await page.getByLabel('New section title').fill('Check yourself')
  await page.getByRole('button', { name: 'Add section' }).click()
  const adder = page.getByRole('listitem').filter({ has: page.getByLabel('New lesson in Check yourself') })
  await page.getByLabel('New lesson in Check yourself').fill('France quiz')
  await adder.getByLabel('Lesson kind').selectOption('quiz')
  await adder.getByRole('button', { name: 'Add lesson' }).click()
  await page.getByRole('link', { name: 'Edit lesson France quiz' }).click()
  await expect(page.getByRole('heading', { name: 'France quiz', level: 1 })).toBeVisible()
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

// The asker's email: a learner asks under a lesson, another learner of the course answers in their own player, and
// the asker's inbox receives "<answerer> answered your question in <lesson> — <course>" with the answer and a link
// that opens the lesson with the answer under the question. Answering one's own question sends no email.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, inboxUrl, latestEmail, signIn, type TestUser } from './support'

test.describe.configure({ timeout: 180_000 })

const slug = 'web-accessibility-basics'
// A text lesson of the seeded course (supabase/seed.sql).
const textLesson = 'e0000000-0000-4000-8000-000000001002'
const lessonPath = `/learn/${slug}/${textLesson}`

async function enrolledPage(page: Page, user: TestUser): Promise<void> {
  await signIn(page, user.email, user.password, `/courses/${slug}`)
  await page.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()
  await page.goto(lessonPath)
}

test('a learner’s answer reaches the asker by email, with a link back to the lesson @desktop', async ({ browser }) => {
  const question = `Do icons need text alternatives? (${Date.now()})`
  const answerText = 'Yes, unless they are decorative: then hide them from screen readers.'
  const asker = await createConfirmedUser({ displayName: 'Nina Novak' })
  const answerer = await createConfirmedUser({ displayName: 'Ravi Replier' })

  const askerContext = await browser.newContext()
  const askerPage = await askerContext.newPage()
  await enrolledPage(askerPage, asker)
  const askerQa = askerPage.getByTestId('questions')
  await askerQa.getByRole('textbox', { name: 'Ask a question about this lesson' }).fill(question)
  await askerQa.getByRole('button', { name: 'Ask', exact: true }).click()
  await expect(askerQa.getByRole('article').filter({ hasText: question })).toBeVisible()
  // Answering one's own question owes nobody an email.
  const own = askerQa.getByRole('article').filter({ hasText: question })
  await own.getByRole('button', { name: /^Answer/ }).click()
  await own.getByRole('textbox', { name: 'Your answer' }).fill('Adding context for whoever answers.')
  await own.getByRole('button', { name: 'Post answer' }).click()
  await expect(own.getByTestId('answer')).toHaveCount(1)

  const answererContext = await browser.newContext()
  const answererPage = await answererContext.newPage()
  await enrolledPage(answererPage, answerer)
  const answeredAfter = new Date()
  const thread = answererPage.getByTestId('questions').getByRole('article').filter({ hasText: question })
  await thread.getByRole('button', { name: /^Answer/ }).click()
  await thread.getByRole('textbox', { name: 'Your answer' }).fill(answerText)
  await thread.getByRole('button', { name: 'Post answer' }).click()
  await expect(thread.getByTestId('answer').filter({ hasText: answerText })).toBeVisible()

  const email = await latestEmail(asker.email, { subject: /answered your question/, after: answeredAfter })
  expect(email.subject).toBe(
    'Ravi Replier answered your question in Who uses assistive technology — Web Accessibility Basics',
  )
  expect(email.text).toContain(`> ${question}`)
  expect(email.text).toContain(`> ${answerText}`)
  const href = /href="([^"]*\/learn\/[^"]*)"/.exec(email.html)?.[1]
  expect(href, email.html).toBeDefined()
  const link = new URL(href!)
  expect(link.pathname).toBe(lessonPath)
  expect(link.origin).toBe(new URL(answererPage.url()).origin)
  // The only email to the asker is this one: their own answer sent nothing.
  const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${asker.email}`)}`)
  expect(((await search.json()) as { messages_count: number }).messages_count).toBe(1)

  // The link opens the lesson, where the answer sits under the question.
  await askerPage.goto(link.href)
  await expect(askerPage).toHaveTitle('Who uses assistive technology — Web Accessibility Basics · Summit')
  const answered = askerPage.getByTestId('questions').getByRole('article').filter({ hasText: question })
  await expect(answered.getByTestId('answer').filter({ hasText: 'Ravi Replier' })).toContainText(answerText, {
    timeout: 20_000,
  })

  await askerContext.close()
  await answererContext.close()
})

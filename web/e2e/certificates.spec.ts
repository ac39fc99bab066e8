// Certificates end to end: a learner finishes Web Accessibility Basics (certificates on) by passing its closing quiz
// in the player, sees the finish moment with their certificate, downloads the PDF, and a visitor in a fresh signed-out
// browser opens the verification link and sees it valid. Titles are checked and axe finds nothing serious, at 360
// and 1280 px (both projects).
import { createClient } from '@supabase/supabase-js'
import { expect, test } from '@playwright/test'
import { apiUrl, createConfirmedUser, expectNoSeriousViolations, publishableKey, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { answerAllRight } from './support/quiz'

const slug = 'web-accessibility-basics'
// The course's lessons before its closing quiz (supabase/seed.sql, seeds/quizzes.sql), ticked through the API.
const lessonIds = Array.from({ length: 8 }, (_, i) => `e0000000-0000-4000-8000-00000000100${i + 1}`)
const quizLesson = 'e0000000-0000-4000-8000-000000001009'

class NoWebSocket {
  constructor() {
    throw new Error('this helper opens no realtime socket')
  }
}

// The journey signs in, ticks eight lessons, takes a quiz, renders a PDF and opens a second browser: more than the default 30 s on
// a loaded machine, whatever the app does.
test.describe.configure({ timeout: 120_000 })

async function tickLessons(user: { email: string; password: string }, ids: string[]) {
  const client = createClient(apiUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
  const { error } = await client.auth.signInWithPassword(user)
  if (error) throw error
  for (const id of ids) {
    const saved = await client.rpc('save_progress', { lesson_id: id, position_s: 0, watched_s: 0, completed: true })
    if (saved.error) throw new Error(`ticking ${id}: ${saved.error.message}`)
  }
  await client.auth.signOut()
}

test('a learner finishes a certificate course, downloads the PDF, and a visitor verifies it by the link', async ({
  page,
  browser,
}) => {
  const learner = await createConfirmedUser({ displayName: 'Grace Graduate' })
  await enrollAs(learner, { slug })
  await tickLessons(learner, lessonIds)

  await signIn(page, learner.email, learner.password, `/learn/${slug}/${quizLesson}`)
  await page.getByRole('button', { name: 'Start the quiz' }).click({ timeout: 30_000 })
  await answerAllRight(page)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  const moment = page.getByRole('dialog', { name: 'You finished the course!' })
  await expect(moment).toBeVisible()
  await expect(moment.getByRole('heading', { name: 'Your certificate' })).toBeVisible()
  const verifyLink = moment.getByRole('link', { name: 'its verification page' })
  // The moment opens with the tick; the certificate comes with the save's transaction, read again until it is there.
  await expect(verifyLink).toBeVisible({ timeout: 30_000 })
  await expect(moment.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(moment.getByRole('button', { name: 'Share' })).toBeVisible()
  await expectNoSeriousViolations(page)

  const downloading = page.waitForEvent('download')
  await moment.getByRole('button', { name: 'Download PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^certificate-[A-Z0-9]{10}\.pdf$/)
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')

  const href = await verifyLink.getAttribute('href')
  expect(href).toMatch(/^\/c\/[A-Z0-9]{10}$/)

  // A visitor: a fresh browser context, signed out.
  const visitorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const visitor = await visitorContext.newPage()
  await visitor.goto(href!)
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Grace Graduate completed Web Accessibility Basics' }),
  ).toBeVisible()
  await expect(visitor).toHaveTitle('Web Accessibility Basics · Grace Graduate · Certificate · Summit')
  await expect(visitor.getByRole('status').filter({ hasText: 'Valid' })).toBeVisible()
  await expect(visitor.getByText('Summit Academy')).toBeVisible()
  await expect(visitor.getByRole('link', { name: /Add to LinkedIn/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=Web\+Accessibility\+Basics/,
  )
  await expect(visitor.getByRole('button', { name: 'Download PDF' })).toBeVisible()
  await expectNoSeriousViolations(visitor)
  await visitorContext.close()
})

test('an unknown code is answered as not found, with its own title', async ({ page }) => {
  await page.goto('/c/ZZZZZZZZZZ')
  await expect(page.getByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeVisible()
  await expect(page).toHaveTitle('Certificate · Summit')
  await expectNoSeriousViolations(page)
})

test('the demo certificate is valid on its verification page', async ({ page }) => {
  await page.goto('/c/WABDEMQ7K2')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Marco Rossi completed Web Accessibility Basics' }),
  ).toBeVisible()
  await expect(page).toHaveTitle('Web Accessibility Basics · Marco Rossi · Certificate · Summit')
})

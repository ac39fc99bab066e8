// Notes in the player: an enrolled learner pins a note to a moment of the video, jumps back to that moment from the
// note, edits it, finds it under "My notes" for the course, exports them as Markdown and deletes it; the notes
// section and the My notes page have no serious or critical axe violation at 1280 and 360 px. A note saved while the
// API is unreachable waits on the device (even through a reload) and is sent, once, when the API is back.
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, signIn } from './support'
import { learnerClient } from './support/learner-client'

// Journeys of many steps (sign-in, enrollment, several pages, two browsers) on the dev server.
test.describe.configure({ timeout: 120_000 })

const slug = 'web-accessibility-basics'
// A 24-second video lesson of the seeded course (supabase/seed.sql).
const videoLesson = 'e0000000-0000-4000-8000-000000001001'

async function expectNoSeriousViolations(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

const currentTime = (page: Page) => page.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime)

test('a learner pins a note to a moment, seeks back to it, edits, exports and deletes it', async ({ page }) => {
  const user = await createConfirmedUser({ displayName: 'Nora Notes' })
  await signIn(page, user.email, user.password, `/courses/${slug}`)
  await page.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()

  await page.goto(`/learn/${slug}/${videoLesson}`)
  const video = page.locator('video')
  // The player's first load compiles its route and signs the media URL: slower than a click on a busy machine.
  await expect(video).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0)
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true
    el.currentTime = 7
  })
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(7)

  const notes = page.getByTestId('my-notes')
  await expect(notes.getByText('No notes on this lesson yet.')).toBeVisible()
  const noteField = notes.getByRole('textbox', { name: 'New note' })
  await noteField.focus()
  await expect(notes.getByText('At 0:07 of the video')).toBeVisible()
  await noteField.fill('Perceivable, **operable**, understandable')
  await notes.getByRole('button', { name: 'Save note' }).click()
  const note = notes.getByRole('article', { name: 'Note at 0:07' })
  await expect(note.locator('strong', { hasText: 'operable' })).toBeVisible()
  await expect(noteField).toHaveValue('')

  await expectNoSeriousViolations(page, 1280)
  await expectNoSeriousViolations(page, 360)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Back to the start, then the note's moment seeks the video there.
  await video.evaluate((el: HTMLVideoElement) => {
    el.currentTime = 0
  })
  await expect.poll(() => currentTime(page)).toBeLessThan(1)
  await note.getByRole('button', { name: 'At 0:07: play the video from 7 seconds' }).click()
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(7)

  await note.getByRole('button', { name: 'Edit note at 0:07' }).click()
  const editField = note.getByRole('textbox', { name: 'Edit note' })
  await expect(editField).toBeFocused()
  await editField.fill('POUR: perceivable, operable, understandable, robust')
  await note.getByRole('button', { name: 'Save note' }).click()
  await expect(note.getByText('POUR: perceivable, operable, understandable, robust')).toBeVisible()

  // My notes for the course, with its own title, and the Markdown export.
  await notes.getByRole('link', { name: 'All my notes for this course' }).click()
  await expect(page).toHaveTitle('My notes · Web Accessibility Basics · Summit')
  await expect(page.getByRole('heading', { name: 'My notes', level: 1 })).toBeVisible()
  await expect(page.getByText('POUR: perceivable, operable, understandable, robust')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export as Markdown' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`${slug}-notes.md`)
  const markdown = await readFile((await file.path()) ?? '', 'utf8')
  expect(markdown).toContain('# My notes: Web Accessibility Basics')
  expect(markdown).toContain('### At 0:07\n\nPOUR: perceivable, operable, understandable, robust')
  await expectNoSeriousViolations(page, 360)
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByRole('button', { name: 'Delete note at 0:07' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible()
})

test('a note saved while the API is unreachable waits on the device, survives a reload and is sent once', async ({
  page,
}) => {
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, `/courses/${slug}`)
  await page.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()
  await page.goto(`/learn/${slug}/${videoLesson}`)
  const notes = page.getByTestId('my-notes')
  await expect(notes.getByText('No notes on this lesson yet.')).toBeVisible()

  await page.route('**/rest/v1/notes**', (route) => route.abort('internetdisconnected'))
  const noteField = notes.getByRole('textbox', { name: 'New note' })
  await noteField.fill('Written on a train')
  await notes.getByRole('button', { name: 'Save note' }).click()
  const waiting = notes.getByRole('list', { name: 'Notes waiting to be sent' })
  await expect(waiting).toContainText('Written on a train')
  await expect(waiting).toContainText('Not sent yet: kept on this device and sent when you are back online.')
  await expect(noteField).toHaveValue('')

  // A reload keeps it waiting (the API is still away for notes).
  await page.reload()
  await expect(page.getByTestId('my-notes').getByRole('list', { name: 'Notes waiting to be sent' })).toContainText(
    'Written on a train',
  )

  // The API is back: the outbox sends it on its next try, with nothing to click.
  await page.unroute('**/rest/v1/notes**')
  await expect(page.getByTestId('my-notes').getByRole('article')).toContainText('Written on a train', {
    timeout: 30_000,
  })
  await expect(page.getByTestId('my-notes').getByRole('list', { name: 'Notes waiting to be sent' })).toHaveCount(0)
  const client = await learnerClient(user.email, user.password)
  const { data, error } = await client.from('notes').select('lesson_id, body')
  expect(error).toBeNull()
  expect(data).toEqual([{ lesson_id: videoLesson, body: 'Written on a train' }])
})

test('after Next three times a note is saved on the lesson on screen, under one notes and one Q&A panel', async ({
  page,
}) => {
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, `/courses/${slug}`)
  await page.getByRole('button', { name: 'Enroll for free' }).click()
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()

  // From the course's first text lesson through a video, a video and to the next text lesson (supabase/seed.sql).
  await page.goto(`/learn/${slug}/e0000000-0000-4000-8000-000000001002`)
  const titles = ['WCAG in plain words', 'Semantic HTML does the heavy lifting', 'A keyboard navigation checklist']
  for (const title of titles) {
    await page
      .getByRole('navigation', { name: 'Lessons' })
      .getByRole('link', { name: new RegExp(`^Next`) })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('my-notes')).toHaveCount(1)
    await expect(page.getByTestId('questions')).toHaveCount(1)
  }
  const textLesson = 'e0000000-0000-4000-8000-000000001005'
  await expect(page).toHaveURL(new RegExp(`${textLesson}$`))

  const notes = page.getByTestId('my-notes')
  const field = notes.getByRole('textbox', { name: 'New note' })
  await field.focus()
  // A text lesson has no video moment to pin the note to.
  await expect(notes.getByText(/of the video/)).toHaveCount(0)
  await field.fill('Tab order follows the reading order')
  await notes.getByRole('button', { name: 'Save note' }).click()
  await expect(notes.getByRole('article')).toContainText('Tab order follows the reading order')

  const client = await learnerClient(user.email, user.password)
  const { data, error } = await client.from('notes').select('lesson_id, body')
  expect(error).toBeNull()
  expect(data).toEqual([{ lesson_id: textLesson, body: 'Tab order follows the reading order' }])

  // Back and forward through the history keep one panel of each, each showing its own lesson's notes.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible()
  await expect(page.getByTestId('my-notes')).toHaveCount(1)
  await expect(page.getByTestId('questions')).toHaveCount(1)
  await expect(page.getByTestId('my-notes').getByText('No notes on this lesson yet.')).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1, name: titles[2] })).toBeVisible()
  await expect(page.getByTestId('my-notes')).toHaveCount(1)
  await expect(page.getByTestId('questions')).toHaveCount(1)
  await expect(page.getByTestId('my-notes').getByRole('article')).toContainText('Tab order follows the reading order')
})

// The lesson editor journey: the demo owner builds a draft course with one video lesson, opens it from its row,
// writes the notes with a live preview, and uploads a video over TUS (throttled, with speed shown) through pause
// and resume, a page reload in the middle and a dropped connection — the upload is created once and goes on from
// the bytes already stored — then finds the video and its duration (read in the browser) kept, adds captions after
// a refused non-WebVTT file, and meets no serious accessibility violation. An unknown lesson is not found at once.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations, signIn } from './support'

const owner = { email: 'owner@example.com', password: 'summit-demo' }
const here = path.dirname(fileURLToPath(import.meta.url))
// A 24-second clip the seed ships for "What accessibility really means".
const seedClip = path.join(
  here,
  '../../supabase/seed-media/course-media/c0000000-0000-4000-8000-000000000001/e0000000-0000-4000-8000-000000001001/video.webm',
)
const chunk = 6 * 1024 * 1024

/**
 * The seed clip grown to six 6 MiB chunks by a trailing EBML Void element (ID 0xEC, an 8-byte size), which players
 * skip, so the upload takes a creation request and several PATCHes while the file stays a valid 24-second WebM.
 */
function sixChunkClip(file: string): string {
  const clip = readFileSync(seedClip)
  const padding = 5 * chunk
  const header = Buffer.alloc(9)
  header[0] = 0xec
  header[1] = 0x01
  header.writeUIntBE(padding, 3, 6)
  writeFileSync(file, Buffer.concat([clip, header, Buffer.alloc(padding)]))
  return file
}

test('an owner edits a lesson and uploads its video through pause, reload and a dropped connection', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const course = `Lesson editor ${testInfo.project.name} ${Date.now().toString(36)}`
  const lesson = 'Keys and joins'
  const video = sixChunkClip(testInfo.outputPath('lesson.webm'))

  await signIn(page, owner.email, owner.password, '/studio')
  const school = page.getByRole('region', { name: 'Summit Academy' })
  await school.getByRole('button', { name: 'New course' }).click()
  await school.getByLabel('Course title').fill(course)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()
  await expect(page.getByRole('heading', { name: course, level: 1 })).toBeVisible()
  await page.getByLabel('New section title').fill('Basics')
  await page.getByRole('button', { name: 'Add section' }).click()
  await page.getByLabel('New lesson in Basics').fill(lesson)
  await page.getByRole('button', { name: 'Add lesson' }).click()
  await page.getByRole('link', { name: `Edit lesson ${lesson}` }).click()

  await expect(page.getByRole('heading', { name: lesson, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`${lesson} · ${course} · Studio · Summit`)
  const lessonUrl = page.url()

  // Notes with the learners' renderer beside them, saved on their own.
  await page.getByLabel('Notes under the video').fill('## Primary keys\n\nEvery table has **one**.')
  const preview = page.getByTestId('lesson-preview')
  await expect(preview.getByRole('heading', { name: 'Primary keys' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('one')
  await expect(page.getByText('All changes saved')).toBeVisible()

  // Uploads are throttled to 4 MiB/s so the author can act mid-transfer, as on a real network.
  const cdp = await page.context().newCDPSession(page)
  const throttle = () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    })
  await cdp.send('Network.enable')
  await throttle()
  const requests: { method: string; offset: string | null }[] = []
  const answers: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/upload/resumable')) {
      requests.push({ method: r.method(), offset: r.headers()['upload-offset'] ?? null })
    }
  })
  page.on('response', (r) => {
    if (r.url().includes('/storage/v1/upload/resumable')) answers.push(`${r.request().method()} ${r.status()}`)
  })
  const bar = page.getByRole('progressbar', { name: 'Uploading lesson.webm' })
  const percent = async () => Number(await bar.getAttribute('aria-valuenow'))

  await page.getByLabel('Upload a video').setInputFiles(video)
  await expect(bar).toBeVisible()
  await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThanOrEqual(25)
  await expect(page.getByTestId('upload-detail')).toContainText(/MB\/s/)
  await page.getByRole('button', { name: 'Pause upload' }).click()
  await expect(page.getByTestId('upload-detail')).toContainText('paused')
  const pausedAt = await percent()
  await page.getByRole('button', { name: 'Resume upload' }).click()
  await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThan(pausedAt)
  await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThanOrEqual(50)

  // Reload in the middle of the upload: the browser remembers it, and the same file continues it.
  const beforeReload = requests.length
  await page.reload()
  await throttle()
  await expect(page.getByText('An upload for this lesson was not finished')).toBeVisible()
  // The connection drops once more: the next PATCH is cut and the client carries on by itself.
  let cut = false
  await page.route('**/storage/v1/upload/resumable/**', (route) => {
    if (!cut && route.request().method() === 'PATCH') {
      cut = true
      return route.abort('connectionreset')
    }
    return route.continue()
  })
  await page.getByLabel('Upload a video').setInputFiles(video)
  await expect(page.getByText('Video uploaded')).toBeVisible({ timeout: 30_000 })
  console.log(`TUS answers: ${answers.join(', ')}`)

  // One creation only; after the reload the upload went on from at least two stored chunks, not from zero.
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  const resumed = requests.slice(beforeReload).find((r) => r.method === 'PATCH')
  expect(Number(resumed?.offset)).toBeGreaterThanOrEqual(2 * chunk)
  expect(cut).toBe(true)

  // The duration was read from the file in the browser, and both it and the video are kept.
  await expect(page.getByLabel('Duration in seconds')).toHaveValue('24')
  await expect(page.getByText('All changes saved')).toBeVisible()
  await page.goto(lessonUrl)
  await expect(page.getByText('Current video: video.webm')).toBeVisible()
  await expect(page.getByLabel('Duration in seconds')).toHaveValue('24')
  // The stored video plays in a preview.
  const videoPreview = page.getByLabel('Preview of the lesson’s video')
  await expect(videoPreview).toBeVisible()
  await expect
    .poll(() => videoPreview.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0)

  // Captions: a SubRip file named .vtt is refused in the browser; a WebVTT file is stored.
  const bad = testInfo.outputPath('bad.vtt')
  writeFileSync(bad, '1\n00:00:00,500 --> 00:00:05,000\nHello\n')
  await page.getByLabel('Upload captions').setInputFiles(bad)
  await expect(page.getByText('This is not a WebVTT file: its first line must start with WEBVTT.')).toBeVisible()
  const good = testInfo.outputPath('captions.vtt')
  writeFileSync(good, 'WEBVTT\n\n00:00:00.500 --> 00:00:05.000\nPrimary keys\n')
  await page.getByLabel('Upload captions').setInputFiles(good)
  await expect(page.getByText('captions.vtt uploaded.')).toBeVisible()
  await expect(page.getByText('All changes saved')).toBeVisible()
  await expect(page.getByRole('list', { name: 'The captions’ first cues' })).toContainText('Primary keys')
  await page.goto(lessonUrl)
  await expect(page.getByText('Captions: captions.vtt')).toBeVisible()
  await expect(page.getByRole('list', { name: 'The captions’ first cues' })).toContainText('00:00:00.500')

  // A PDF dropped on the attachments' zone is attached, as one chosen is.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['%PDF-1.4\n%%EOF\n'], 'slides.pdf', { type: 'application/pdf' }))
    return transfer
  })
  const attachZone = page.getByTestId('file-drop-zone').last()
  await attachZone.dispatchEvent('dragover', { dataTransfer: dropped })
  await expect(attachZone).toHaveAttribute('data-over', 'true')
  await attachZone.dispatchEvent('drop', { dataTransfer: dropped })
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('slides.pdf')
  await expect(page.getByText('All changes saved')).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('an unknown lesson of a course shows not found', async ({ page }) => {
  await signIn(
    page,
    owner.email,
    owner.password,
    '/studio/courses/c0000000-0000-4000-8000-000000000004/lessons/00000000-0000-4000-8000-000000000000',
  )
  await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible()
  await expect(page).toHaveTitle('Studio · Summit')
})

// Offline-safe progress: with the API cut (every request to its origin aborted), a tick is kept on the device and
// said to be ("Saved on this device — will sync", never "Something went wrong"); it survives a reload while still
// cut, and once the API is back it reaches the database, as the learner reads it through supabase-js; sent from home
// too, without the player open.
import { expect, test, type Page } from '@playwright/test'
import { apiUrl, createConfirmedUser, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

const slug = 'web-accessibility-basics'
// A text lesson ticked by hand (supabase/seed.sql).
const textLesson = 'e0000000-0000-4000-8000-000000001005'

/**
 * A new learner of the course, signed in on the text lesson (not yet ticked), with readers of the lesson's progress
 * as the database has it (through supabase-js, not the page, whose API gets cut) and of the device's queue.
 */
async function learnerAtTextLesson(page: Page) {
  const learner = await createConfirmedUser()
  await enrollAs(learner, { slug })
  await signIn(page, learner.email, learner.password, `/learn/${slug}/${textLesson}`)
  const tick = page.getByRole('checkbox', { name: 'Mark complete' })
  await expect(tick).not.toBeChecked()
  const client = await learnerClient(learner.email, learner.password)
  const status = async () => {
    const { data, error } = await client
      .from('lesson_progress')
      .select('status, completed_by')
      .eq('lesson_id', textLesson)
      .maybeSingle()
    if (error) throw new Error(`reading lesson_progress failed: ${error.message}`)
    return data
  }
  const queued = () => page.evaluate((id) => localStorage.getItem(`summit:progress-queue:${id}`), learner.id)
  return { tick, status, queued }
}

async function cutApi(page: Page) {
  await page.route(`${apiUrl}/**`, (route) => route.abort('internetdisconnected'))
}

test('a tick made while the API is unreachable is kept on the device and synced when it returns', async ({ page }) => {
  // Two reloads and a sync after the backoff: more than the default 30 s on a loaded machine.
  test.slow()
  const { tick, status, queued } = await learnerAtTextLesson(page)

  await cutApi(page)
  await tick.click()
  await expect(tick).toBeChecked()
  await expect(page.getByText('Saved on this device — will sync.')).toBeVisible()
  await expect(page.getByText(/You seem to be offline/)).toBeVisible()
  await expect(page.getByText(/Something went wrong/)).toHaveCount(0)
  expect(JSON.parse((await queued()) ?? '[]')).toEqual([
    expect.objectContaining({ lesson_id: textLesson, completed: true }),
  ])
  expect((await status())?.status ?? 'not_started', 'nothing reached the database while cut').not.toBe('completed')

  // A reload while still cut: the write is still on the device. (The page cannot load its lesson, so wait for the
  // document only, not for every request to settle.)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect.poll(queued).toContain(textLesson)
  expect((await status())?.status ?? 'not_started', 'nothing reached the database across the reload').not.toBe(
    'completed',
  )

  // The API returns: the tick is sent, the device forgets it, the player shows it ticked.
  await page.unroute(`${apiUrl}/**`)
  await page.reload()
  await expect.poll(status, { timeout: 15_000 }).toEqual({ status: 'completed', completed_by: 'manual' })
  await expect(tick).toBeChecked()
  await expect(page.getByText('Saved on this device — will sync.')).toHaveCount(0)
  await expect.poll(queued).toBeNull()
})

test('a tick kept on the device is sent from home once the API is back, without opening the player again', async ({
  page,
}) => {
  test.slow()
  const { tick, status, queued } = await learnerAtTextLesson(page)

  await cutApi(page)
  await tick.click()
  await expect(page.getByText('Saved on this device — will sync.')).toBeVisible()
  // Off to home while still cut, then the API returns and home is loaded again: no player or course page is open.
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  expect((await status())?.status ?? 'not_started', 'nothing reached the database while cut').not.toBe('completed')
  await page.unroute(`${apiUrl}/**`)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(status, { timeout: 15_000 }).toEqual({ status: 'completed', completed_by: 'manual' })
  await expect.poll(queued).toBeNull()
  expect(new URL(page.url()).pathname).toBe('/')
})

// Live sync within Realtime's limits: a browser's tabs share one Realtime socket (the tab holding it relays to the
// others, and the next tab takes it over when it closes), a tick made on another device reaches every tab, and with
// Realtime unreachable the player says quietly that live updates are paused, then catches up when focused again; the
// course page says it at the bottom of the screen, over the page, so the outline does not move under the pointer.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn, type TestUser } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

const slug = 'web-accessibility-basics'
// A text lesson of the seeded course that a new learner may open (supabase/seed.sql).
const lessonId = 'e0000000-0000-4000-8000-000000001002'
const lessonUrl = `/learn/${slug}/${lessonId}`

const tick = (page: Page) => page.getByRole('checkbox', { name: 'Mark complete' })

/** Ticks or unticks the lesson as another device would: save_progress through the learner's own client. */
async function fromAnotherDevice(user: TestUser, completed: boolean) {
  const client = await learnerClient(user.email, user.password)
  const { error } = await client.rpc('save_progress', { lesson_id: lessonId, position_s: 0, watched_s: 0, completed })
  if (error) throw new Error(`save_progress failed: ${error.message}`)
  // This device's session only: a global sign-out would end the browser's session too.
  await client.auth.signOut({ scope: 'local' })
}

/** A new enrolled learner signed in at `path` in a browser context whose Realtime socket opens but never answers. */
async function enrolledWithoutRealtime(browser: Browser, path: string) {
  const user = await createConfirmedUser()
  await enrollAs(user, { slug })
  const context = await browser.newContext()
  // Every join times out.
  await context.routeWebSocket(/\/realtime\/v1\//, () => {})
  const page = await context.newPage()
  await signIn(page, user.email, user.password, path)
  return { user, context, page }
}

/** Counts the Realtime sockets a page opens (the dev server's own socket is not one). */
function countRealtimeSockets(page: Page, counter: { sockets: number }) {
  page.on('websocket', (socket) => {
    if (socket.url().includes('/realtime/v1/')) counter.sockets++
  })
}

test('a browser’s tabs share one Realtime socket, hear another device’s ticks, and hand the socket over', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const user = await createConfirmedUser()
  await enrollAs(user, { slug })
  const counter = { sockets: 0 }
  countRealtimeSockets(page, counter)
  await signIn(page, user.email, user.password, lessonUrl)
  await expect(page.locator('[data-progress-sync="live"]')).toBeVisible({ timeout: 20_000 })

  const second = await page.context().newPage()
  countRealtimeSockets(second, counter)
  await second.goto(lessonUrl)
  await expect(second.locator('[data-progress-sync="live"]')).toBeVisible({ timeout: 20_000 })
  expect(counter.sockets).toBe(1)

  await fromAnotherDevice(user, true)
  await expect(tick(page)).toBeChecked({ timeout: 15_000 })
  await expect(tick(second)).toBeChecked({ timeout: 15_000 })

  // The tab holding the socket closes: the other takes it over and still hears the other device.
  await page.close()
  await expect.poll(() => counter.sockets, { timeout: 15_000 }).toBe(2)
  await expect(second.locator('[data-progress-sync="live"]')).toBeVisible({ timeout: 20_000 })
  await fromAnotherDevice(user, false)
  await expect(tick(second)).not.toBeChecked({ timeout: 15_000 })
})

test('with Realtime unreachable the player says live updates are paused, and catches up when focused', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { user, context, page } = await enrolledWithoutRealtime(browser, lessonUrl)
  await expect(tick(page)).not.toBeChecked({ timeout: 30_000 })

  const note = page.getByRole('status').getByText('Live updates paused.')
  // A join times out after 10 s; on a loaded machine the page itself may take as long.
  await expect(note).toBeVisible({ timeout: 45_000 })
  await expect(page.locator('[data-progress-sync="paused"]')).toBeVisible()
  await expectNoSeriousViolations(page)

  // A tick elsewhere does not arrive live; coming back to the tab reads it from the database.
  await fromAnotherDevice(user, true)
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(tick(page)).toBeChecked({ timeout: 15_000 })
  await context.close()
})

test('with Realtime unreachable the course page says so at the bottom of the screen, without moving the outline', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { context, page } = await enrolledWithoutRealtime(browser, `/courses/${slug}`)
  await expect(page.getByText(/^0 of \d+ lessons completed$/)).toBeVisible({ timeout: 30_000 })
  const first = page.getByRole('region', { name: 'Course content' }).getByRole('checkbox').first()
  // How far the first lesson's checkbox moved (in the page) between the last frame without the note and the first one
  // with it: watched in the page frame by frame, so nothing else loading earlier or later counts.
  const moved = first.evaluate(
    (checkbox) =>
      new Promise<number>((resolve) => {
        const top = () => checkbox.getBoundingClientRect().top + window.scrollY
        let last = top()
        const frame = () => {
          const now = top()
          if (document.querySelector('[data-live-updates="paused"]')) resolve(now - last)
          else {
            last = now
            requestAnimationFrame(frame)
          }
        }
        requestAnimationFrame(frame)
      }),
  )

  const note = page.getByRole('status').getByText('Live updates paused.')
  // A join times out after 10 s; on a loaded machine the page itself may take as long.
  await expect(note).toBeVisible({ timeout: 45_000 })
  await expect(page.locator('[data-progress-sync="paused"]')).toBeAttached()
  // The note is over the page, at the bottom of the screen: the outline stayed where the learner saw it.
  expect(await moved).toBe(0)
  const box = (await note.boundingBox())!
  expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 120)
  await expectNoSeriousViolations(page)

  // Ticking still saves.
  await first.click()
  await expect(first).toBeChecked({ timeout: 20_000 })
  await page.reload()
  await expect(page.getByText(/^1 of \d+ lessons completed$/)).toBeVisible({ timeout: 30_000 })
  await context.close()
})

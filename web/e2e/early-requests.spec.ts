// index.html's boot script asks the course page's and the player's first requests while the app's code is still on
// its way (src/boot.ts): the app takes those answers instead of asking again. Checked with the app's entry chunk held
// back for a second and a half, so an answer the page uses can only have been asked by the boot script: a visitor's
// course page, an enrolled learner's (the request carries their token, the page their progress), and a video
// lesson's outline, content and media; and a video lesson's first bytes, fetched early into the HTTP cache, are what
// the player's video reads. Runs against the production build `npm test` serves, which carries the script.
import { expect, test, type Page, type Request } from '@playwright/test'
import { createConfirmedUser, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { publishableKey } from './support/stack'

const slug = 'web-accessibility-basics'
// supabase/seed.sql: a free preview video lesson of that course.
const previewVideo = 'e0000000-0000-4000-8000-000000001001'

interface Seen {
  /** When the app's entry chunk was let through (null until then). */
  entryReleased: number | null
  calls: { url: string; at: number; request: Request }[]
}

/** Holds the app's entry chunk back for 1.5 s and records the API calls of the next load. */
async function watchLoad(page: Page, api: RegExp): Promise<Seen> {
  const seen: Seen = { entryReleased: null, calls: [] }
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    seen.entryReleased ??= Date.now()
    await route.continue()
  })
  page.on('request', (request) => {
    if (api.test(request.url())) seen.calls.push({ url: request.url(), at: Date.now(), request })
  })
  return seen
}

test('a visitor’s course page is asked for before the app’s code arrives, and not asked again', async ({ page }) => {
  const seen = await watchLoad(page, /\/rest\/v1\/rpc\/course_outline/)
  await page.goto(`/courses/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Web Accessibility Basics' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Sign in to enroll/ })).toBeVisible()
  expect(seen.entryReleased, 'the page ran the held-back entry chunk').not.toBeNull()
  expect(seen.calls).toHaveLength(1)
  expect(seen.calls[0]!.at).toBeLessThan(seen.entryReleased!)
  expect(await seen.calls[0]!.request.headerValue('authorization')).toBe(`Bearer ${publishableKey}`)
  // Taken by the page: nothing is left waiting.
  expect(await page.evaluate(() => Object.keys(window.__summitEarly?.answers ?? {}))).toEqual([])
})

test('an enrolled learner’s course page is asked early with their token and shows their progress', async ({ page }) => {
  const learner = await createConfirmedUser()
  await enrollAs(learner, { slug })
  // Signed in on a page without the app: home asks for this course's outline too (its continue-learning card), and
  // that call, when still on its way, was counted here as a second one.
  await signIn(page, learner.email, learner.password, '/favicon.svg')
  const seen = await watchLoad(page, /\/rest\/v1\/rpc\/course_outline/)
  await page.goto(`/courses/${slug}`)
  await expect(page.getByText('Course progress')).toBeVisible()
  await expect(page.getByRole('link', { name: /Start learning/ })).toBeVisible()
  expect(seen.calls).toHaveLength(1)
  expect(seen.calls[0]!.at).toBeLessThan(seen.entryReleased!)
  const bearer = await seen.calls[0]!.request.headerValue('authorization')
  expect(bearer).toMatch(/^Bearer ey/)
  expect(bearer).not.toBe(`Bearer ${publishableKey}`)
})

test('a video lesson’s outline, content and media are asked early, once each, and the video loads', async ({
  page,
}) => {
  const seen = await watchLoad(
    page,
    /\/rest\/v1\/rpc\/course_outline|\/rest\/v1\/lesson_contents|\/functions\/v1\/lesson-media/,
  )
  await page.goto(`/learn/${slug}/${previewVideo}`)
  await expect(page.locator('video')).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/course-media\/.+\?token=/, {
    timeout: 20_000,
  })
  const paths = seen.calls.map((call) => new URL(call.url).pathname).sort()
  expect(paths).toEqual(['/functions/v1/lesson-media', '/rest/v1/lesson_contents', '/rest/v1/rpc/course_outline'])
  for (const call of seen.calls) expect(call.at).toBeLessThan(seen.entryReleased!)
  // Taken by the page: nothing is left waiting.
  expect(await page.evaluate(() => Object.keys(window.__summitEarly?.answers ?? {}))).toEqual([])
})

test('a video lesson’s first bytes are fetched early, and the player’s video reads them from the browser’s cache', async ({
  page,
  context,
}) => {
  // Playwright's own routing turns the HTTP cache off, so the entry chunk is held back through DevTools instead.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/assets/index-*.js' }] })
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    setTimeout(() => void cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined), 1500)
  })
  const video: { id: string; type: string | undefined; range: string | undefined }[] = []
  const fromCache = new Set<string>()
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (/\/video\.webm\?token=/.test(request.url)) video.push({ id: requestId, type, range: request.headers.Range })
  })
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId))
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache) fromCache.add(requestId)
  })

  await page.goto(`/learn/${slug}/${previewVideo}`)
  // Its first frame is there (HAVE_CURRENT_DATA or more).
  await expect
    .poll(() => page.locator('video').evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2)
  const early = video.filter((request) => request.type === 'Fetch')
  const player = video.filter((request) => request.type === 'Media')
  expect(early.map((request) => request.range)).toEqual(['bytes=0-131071'])
  expect(fromCache.has(early[0]!.id)).toBe(false)
  expect(player.length).toBeGreaterThan(0)
  expect(fromCache.has(player[0]!.id), 'the player’s first request for the video came from the cache').toBe(true)
})

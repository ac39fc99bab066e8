// The app shell's offline status: on an idle page, the browser going offline shows a small "Offline — changes are kept
// on this device" note, and it goes once the API answers again; requests that get no answer (the API unreachable while
// the browser is online) show it too, until the API's health answers; so does a Realtime connection that drops on an
// idle signed-in page while the API does not answer. Axe (and the width at 360 px) checked with it.
import { expect, test, type WebSocketRoute } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

const note = 'Offline — changes are kept on this device'
const api = /:54321\/(rest|auth|storage|functions)\/v1\//

test('going offline on an idle page shows the offline status, and coming back hides it', async ({ page, context }) => {
  test.slow()
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible()
  await expect(page.getByText(note)).toHaveCount(0)

  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: note })).toBeVisible()
  await expectNoSeriousViolations(page)

  await context.setOffline(false)
  await expect(page.getByText(note)).toHaveCount(0)
})

test('requests the API does not answer show the offline status until it answers again', async ({ page }) => {
  test.slow()
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible()
  await page.route(api, (route) => route.abort('connectionrefused'))
  // A search asks the API for the page of results; it gets no answer.
  await page.getByRole('searchbox').first().fill('accessibility')
  await expect(page.getByRole('status').filter({ hasText: note })).toBeVisible({ timeout: 15_000 })
  await page.unroute(api)
  // The probe asks again every few seconds.
  await expect(page.getByText(note)).toHaveCount(0, { timeout: 15_000 })
})

test('a Realtime connection that drops on an idle page shows the offline status until the API answers', async ({
  page,
}) => {
  test.slow()
  // The app's Realtime socket goes through the test: passed on to the stack until it is cut, refused afterwards.
  const sockets: WebSocketRoute[] = []
  let refuse = false
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (refuse) return void socket.close({ code: 1006, reason: 'unreachable' })
    socket.connectToServer()
    sockets.push(socket)
  })
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, '/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0)
  await expect(page.getByText(note)).toHaveCount(0)

  // The API goes away while nothing is being requested: only the dropped socket can tell.
  const health = /:54321\/auth\/v1\/health/
  await page.route(health, (route) => route.abort('connectionrefused'))
  refuse = true
  for (const socket of sockets) await socket.close({ code: 1006, reason: 'unreachable' })
  await expect(page.getByRole('status').filter({ hasText: note })).toBeVisible({ timeout: 20_000 })

  // Back: the probe is answered and the status goes.
  refuse = false
  await page.unroute(health)
  await expect(page.getByText(note)).toHaveCount(0, { timeout: 20_000 })
})

// The first paint, before the app's script arrives (a slow connection): index.html itself draws the header's bar and
// grey blocks where the page will be, announced as loading, at 360 px without sideways scroll; the app replaces them
// when it renders. (Chromium's script switch still parses <noscript> as scripted, so its sentence is not checked here.)
import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll } from './support/viewport'

test('the page shows the header and a loading skeleton before the app script has run', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('status', { name: 'Loading Summit' })).toBeVisible()
  await expect(page.getByText('Summit', { exact: true })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await context.close()
})

test('the app replaces the skeleton when it renders', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading Summit' })).toHaveCount(0)
})

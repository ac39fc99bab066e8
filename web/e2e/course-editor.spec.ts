// The course editor's public address: the demo instructor opens a published demo course in the studio and finds the
// address learners open, as a link, and copies it with one button. Axe (and, at 360 px, the page's width) checked.
import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations, signIn } from './support'

const courseId = 'c0000000-0000-4000-8000-000000000001' // web-accessibility-basics (published), seed.sql

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('the course editor shows the public address and copies it', async ({ page, baseURL }) => {
  test.slow()
  await signIn(page, 'instructor@example.com', 'summit-demo', `/studio/courses/${courseId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Web Accessibility Basics' })).toBeVisible()
  const address = `${baseURL}/courses/web-accessibility-basics`
  const link = page.getByRole('link', { name: address })
  await expect(link).toHaveAttribute('href', address)
  await expect(link).toHaveAccessibleDescription('Public address')
  await page.getByRole('button', { name: 'Copy address' }).click()
  await expect(page.getByText('Copied.')).toBeAttached()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  await expectNoSeriousViolations(page)
})

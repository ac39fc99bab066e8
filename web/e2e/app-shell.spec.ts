// The app shell: the header names the product, small screens reach the navigation through `Menu`, and the page has
// no serious accessibility violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test('the home page shows the product name and a welcome', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Summit' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('main#main')).toBeVisible()
})

test('on a small screen the navigation opens behind Menu and closes with Escape @mobile', async ({ page }) => {
  await page.goto('/')
  const menu = page.getByRole('button', { name: /menu/i })
  await expect(menu).toBeVisible()
  await menu.click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Courses' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()
})

test('on a wide screen the navigation is in the header @desktop', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: /menu/i })).toBeHidden()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible()
  await page.getByRole('navigation').getByRole('link', { name: 'Courses' }).click()
  await expect(page).toHaveURL(/\/courses$/)
})

test('the home page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

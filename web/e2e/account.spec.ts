// /account journeys: change the display name (the header follows), upload an avatar with a visible
// progress bar, refuse files the avatars bucket would refuse, and no serious accessibility violation.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, signIn } from './support'

// A valid 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function openAccount(page: Page, displayName = 'Account Tester') {
  const user = await createConfirmedUser({ displayName })
  await signIn(page, user.email, user.password, '/account')
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
  return user
}

test('change the display name and see it in the header menu', async ({ page }) => {
  await openAccount(page)
  const name = page.getByLabel('Display name')
  await expect(name).toHaveValue('Account Tester')
  await name.fill('Katherine Johnson')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved.')).toBeVisible()

  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu').getByText('Katherine Johnson')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByLabel('Display name')).toHaveValue('Katherine Johnson')
})

test('an empty display name is explained next to the field', async ({ page }) => {
  await openAccount(page)
  await page.getByLabel('Display name').fill('   ')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByLabel('Display name')).toHaveAccessibleDescription(/Enter your name\./)
})

test('the time zone can be changed and is kept', async ({ page }) => {
  await openAccount(page)
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tokyo')
})

test('upload an avatar: the progress bar fills and the picture shows on the page and in the header', async ({
  page,
}) => {
  const user = await openAccount(page)
  await page
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'My Photo (1).PNG', mimeType: 'image/png', buffer: png })

  const progress = page.getByRole('progressbar', { name: 'Upload progress' })
  await expect(progress).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByText('Your new picture is saved.')).toBeVisible()

  const picture = page.getByRole('img', { name: 'Your profile picture' })
  // Requested at the size shown (80 px) through Storage's image transformations, not as the full upload.
  await expect(picture).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/render/image/public/avatars/${user.id}/my-photo-1\\.png\\?width=80&height=80&resize=cover`),
  )
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  await expect(page.getByRole('banner').locator(`img[src*="avatars/${user.id}/"]`)).toBeVisible()
})

test('a slow upload shows the bar filling before it completes @desktop', async ({ page }) => {
  await openAccount(page)
  // Throttle uploads so progress events arrive while the bytes are still going out.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  })
  const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)])
  await page.getByLabel('Upload a picture').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big })

  const progress = page.getByRole('progressbar', { name: 'Upload progress' })
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0)
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100)
  await expect(page.getByText(/Uploading big\.png/)).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 15_000 })
})

test('a refusal from Storage is shown in a sentence', async ({ page }) => {
  await openAccount(page)
  await page.route('**/storage/v1/object/avatars/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      }),
    }),
  )
  await page.getByLabel('Upload a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('alert')).toContainText("You don't have permission to upload this picture.")
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0)
})

test('a file that is too big or not an image is refused with a message', async ({ page }) => {
  await openAccount(page)
  const input = page.getByLabel('Upload a picture')

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) })
  await expect(page.getByRole('alert')).toContainText('This picture is larger than 2 MB.')

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByRole('alert')).toContainText('Choose a picture in PNG, JPEG, WebP, AVIF or GIF format.')
  await expect(page.getByRole('progressbar')).toHaveCount(0)
})

test('the account page has no serious or critical accessibility violation', async ({ page }) => {
  await openAccount(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

// The invite page when the link cannot be used: not valid (one request, no retries), expired, used up, restricted
// to other email domains, and the API out of reach (an error within 3 s). Links made per test by the demo
// instructor.
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { acceptInvite, createInvite } from './support/enrollment'

test('a link that is not valid is not found after a single request', async ({ page }) => {
  const previews: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rpc/course_invite_preview')) previews.push(request.url())
  })
  await page.goto('/invite/not-a-real-invite-token-aaaaaaaaaaaaaaaaaaaaaaaa')
  await expect(page.getByRole('heading', { level: 1, name: 'This invite link is not valid' })).toBeVisible()
  await expect(page).toHaveTitle('Invitation · Summit')
  await page.waitForTimeout(1500)
  expect(previews).toHaveLength(1)
  await expectNoSeriousViolations(page)
})

test('when the API cannot be reached the invite page says so within 3 seconds', async ({ page }) => {
  // Timed from the page's first call to the API, not from navigation: loading the app itself is not what is measured
  // (and takes a dev server under load longer than 3 s).
  let firstCall: number | null = null
  await page.route('**/rest/v1/rpc/course_invite_preview', (route) => {
    firstCall ??= Date.now()
    return route.abort('connectionrefused')
  })
  await page.goto('/invite/summit-demo-invite-design-systems-studio-01')
  // Watched on every animation frame: expect()'s polling would add up to a second to what is measured.
  await page.waitForFunction(
    () => [...document.querySelectorAll('h1, h2')].some((h) => h.textContent === "We couldn't open this invitation"),
    undefined,
    { polling: 'raf', timeout: 15_000 },
  )
  expect(firstCall).not.toBeNull()
  expect(Date.now() - (firstCall ?? 0)).toBeLessThan(3000)
  await expect(page.getByRole('heading', { name: "We couldn't open this invitation" })).toBeVisible()
  await expect(page.getByText(/could not reach Summit/)).toBeVisible()

  // Back online, "Try again" shows the invitation.
  await page.unroute('**/rest/v1/rpc/course_invite_preview')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Design Systems Studio' })).toBeVisible()
})

test('used-up and expired links say so and cannot be accepted', async ({ page }) => {
  const first = await createConfirmedUser()
  const oneUse = await createInvite('design-systems-studio', { maxUses: 1 })
  await acceptInvite(first, oneUse)
  await page.goto(`/invite/${oneUse}`)
  await expect(page.getByRole('alert')).toContainText('This invite link has been used up')
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  const shortLived = await createInvite('design-systems-studio', { expiresAt: new Date(Date.now() + 2000) })
  await page.waitForTimeout(2500)
  await page.goto(`/invite/${shortLived}`)
  await expect(page.getByRole('alert')).toContainText('This invite link has expired')
  await expect(page.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0)
})

test('an invite for other email domains is refused with a sentence naming them', async ({ page }) => {
  const token = await createInvite('design-systems-studio', { allowedEmailDomains: ['acme.test'] })
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, `/invite/${token}`)
  await expect(page.getByText(/It is for people with an email address at acme\.test\./)).toBeVisible()
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This invite is only for email addresses at acme.test. Sign in with such an address, or ask the instructor.',
  )
  await expect(page).toHaveURL(new RegExp(`/invite/${token}$`))
  await expectNoSeriousViolations(page)
})

// Joining closed courses, as learners do: a new user opens an instructor's invite link, signs up, confirms from the
// inbox and lands enrolled; a learner redeems an access code after a wrong one; an invite link pasted on the course
// page opens the invite. Invite links created by the demo instructor in each test; users made fresh per test.
import { expect, test, type Page } from '@playwright/test'
import {
  createConfirmedUser,
  expectNoSeriousViolations,
  extractLink,
  latestEmail,
  signIn,
  uniqueEmail,
} from './support'
import { createInvite } from './support/enrollment'

const INVITE_COURSE = '/courses/design-systems-studio'
const CODE_COURSE = '/courses/sql-for-product-people'

async function expectEnrolled(page: Page, slugPath: string) {
  await expect(page).toHaveURL(new RegExp(`${slugPath}$`))
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Live sessions and deadlines' })).toBeVisible()
}

test('a new user opens an invite link, signs up, confirms by email and lands enrolled', async ({ page }) => {
  // Sign-up through the inbox, two page loads of the invite and two axe scans.
  test.slow()
  const token = await createInvite('design-systems-studio')
  await page.goto(`/invite/${token}`)
  await expect(page).toHaveTitle('Invitation · Summit')
  await expect(page.getByRole('heading', { level: 1, name: 'Design Systems Studio' })).toBeVisible()
  await expect(page.getByText('Summit Academy invites you to a course')).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/auth\/sign-up\?redirect=%2Finvite%2F/)
  const email = uniqueEmail('invite')
  await page.getByLabel('Your name').fill('Ines Invited')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('invited-learner-pass')
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

  // The confirmation link brings the new user back to the invite, signed in.
  const message = await latestEmail(email, { subject: /confirm/i, after: sentAfter })
  await page.goto(extractLink(message))
  await expect(page).toHaveURL(new RegExp(`/invite/${token}$`))
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible()

  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await expectEnrolled(page, INVITE_COURSE)
  await expect(page).toHaveTitle('Design Systems Studio · Summit')
  await expectNoSeriousViolations(page)
})

test('a learner redeems an access code after one wrong attempt', async ({ page }) => {
  test.slow()
  const user = await createConfirmedUser()
  await signIn(page, user.email, user.password, CODE_COURSE)
  await expect(page.getByRole('heading', { name: 'Enrollment with an access code' })).toBeVisible()
  const field = page.getByRole('textbox', { name: 'Access code' })

  // A typo is caught before anything is sent; a wrong code is refused by the server; both next to the field.
  await field.fill('QUERY23')
  await page.getByRole('button', { name: 'Join the course' }).click()
  await expect(field).toHaveAccessibleDescription(/Access codes have 8 characters; this one has 7\./)
  await field.fill('WRNGCDE9')
  await page.getByRole('button', { name: 'Join the course' }).click()
  await expect(field).toHaveAccessibleDescription(/That code didn't work\. Check it and try again/)
  await expect(field).toBeFocused()
  await expectNoSeriousViolations(page)

  // Codes are typed however they were read out: lower case, with a hyphen.
  await field.fill('query-234')
  await page.getByRole('button', { name: 'Join the course' }).click()
  await expectEnrolled(page, CODE_COURSE)
})

test('an invite link pasted on the invite-only course page opens the invite', async ({ page }) => {
  // Two page loads and an axe scan, from a dev server that compiles on first use.
  test.slow()
  await page.goto(INVITE_COURSE)
  await expect(page.getByRole('heading', { name: 'Enrollment by invitation' })).toBeVisible()
  await expect(page.getByText(/You need an invite/)).toBeVisible()
  const field = page.getByRole('textbox', { name: 'Have a link? Paste it' })
  await field.fill('https://example.com/courses/design-systems-studio')
  await page.getByRole('button', { name: 'Open the invite' }).click()
  await expect(field).toHaveAccessibleDescription(/doesn't look like an invite link/)
  await expectNoSeriousViolations(page)

  await field.fill('https://summit.example/invite/summit-demo-invite-design-systems-studio-01')
  await page.getByRole('button', { name: 'Open the invite' }).click()
  await expect(page).toHaveURL(/\/invite\/summit-demo-invite-design-systems-studio-01$/)
  // Visitors sign in first and come back to this invite.
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
    'href',
    '/auth/sign-in?redirect=%2Finvite%2Fsummit-demo-invite-design-systems-studio-01',
  )
})

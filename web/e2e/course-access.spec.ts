// The instructor's side of joining a course, in the access tabs of the studio's learners page (the one door: the old
// /access address redirects there): an invite link made in the UI, copied and
// opened by a new user who signs up, confirms from the inbox and lands enrolled; an access code made and revoked, so
// a learner then gets the wrong-code sentence; an event planned there that an enrolled learner sees on the course
// page. The demo instructor (seed) works on the demo courses; learners are made fresh per test.
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  createConfirmedUser,
  expectNoSeriousViolations,
  extractLink,
  latestEmail,
  signIn,
  uniqueEmail,
} from './support'
import { enrollAs } from './support/enrollment'

const instructor = { email: 'instructor@example.com', password: 'summit-demo' }
const courses = {
  open: { id: 'c0000000-0000-4000-8000-000000000001', slug: 'web-accessibility-basics' },
  invite: { id: 'c0000000-0000-4000-8000-000000000002', slug: 'design-systems-studio' },
  code: { id: 'c0000000-0000-4000-8000-000000000003', slug: 'sql-for-product-people' },
}

type AccessTab = 'Cohorts' | 'Invite links' | 'Access codes' | 'Events'

/** The instructor on one access tab of a course's learners page, in a browser context of their own. The old access
 * address is where they start: it lands on the learners page's Cohorts tab. */
async function openAccessPage(browser: Browser, courseId: string, tab: AccessTab): Promise<Page> {
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  await signIn(page, instructor.email, instructor.password, `/studio/courses/${courseId}/access`)
  await expect(page).toHaveURL(new RegExp(`/studio/courses/${courseId}/learners\\?tab=cohorts$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Learners' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Cohorts' })).toHaveAttribute('aria-selected', 'true')
  await openTab(page, tab)
  return page
}

/** Opens an access tab; the tab is in the address, so a reload keeps it. */
async function openTab(page: Page, tab: AccessTab) {
  await page.getByRole('tab', { name: tab }).click()
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
}

/** Reads the secret from the shown-once dialog, copies it, and closes the dialog. */
async function takeSecret(page: Page, label: string): Promise<string> {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const value = await dialog.getByRole('textbox', { name: label }).inputValue()
  await dialog.getByRole('button', { name: 'Copy' }).click()
  await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toHaveCount(0)
  return value
}

test('an instructor creates an invite link; a new user opens it, signs up, confirms and lands enrolled', async ({
  browser,
  page,
}) => {
  // Two browsers, a sign-up through the inbox and a dozen page loads from a dev server that compiles on first use.
  test.setTimeout(180_000)
  const studio = await openAccessPage(browser, courses.invite.id, 'Invite links')
  await expect(studio).toHaveTitle('Learners · Design Systems Studio · Studio · Summit')
  await expectNoSeriousViolations(studio)

  await studio.getByRole('button', { name: 'New invite link' }).click()
  const form = studio.getByRole('form', { name: 'New invite link' })
  await expect(form.getByLabel('People it can enroll')).toHaveValue('1')
  await form.getByRole('button', { name: 'Create invite link' }).click()
  const link = await takeSecret(studio, 'Invite link')
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/)
  // Shown once: nothing on the page holds the token any more.
  const token = link.split('/invite/')[1] ?? ''
  expect(await studio.content()).not.toContain(token)
  await expect(studio.getByRole('list', { name: 'Invite links' }).getByRole('listitem').first()).toContainText(
    /Active.*0 of 1 use/s,
  )

  // A new user, in another browser, opens the copied link.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Design Systems Studio' })).toBeVisible()
  await page.getByRole('link', { name: 'Create an account' }).click()
  const email = uniqueEmail('studio-invite')
  await page.getByLabel('Your name').fill('Nia New')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('invited-learner-pass')
  const sentAfter = new Date()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  const message = await latestEmail(email, { subject: /confirm/i, after: sentAfter })
  await page.goto(extractLink(message))
  await expect(page).toHaveURL(new RegExp(`/invite/${token}$`))
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(page).toHaveURL(new RegExp(`/courses/${courses.invite.slug}$`))
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible()

  // The instructor sees the link spent.
  await studio.reload()
  await expect(studio.getByRole('list', { name: 'Invite links' }).getByRole('listitem').first()).toContainText(
    /Used up.*1 of 1 use/s,
  )
  await studio.context().close()
})

test('an instructor revokes an access code; a learner then gets the wrong-code sentence', async ({ browser, page }) => {
  test.slow()
  const studio = await openAccessPage(browser, courses.code.id, 'Cohorts')
  // The seed's cohort is listed with its learner count.
  await expect(studio.getByRole('list', { name: 'Cohorts' })).toContainText(/Next week's cohort.*\d+ learners?/s)
  await openTab(studio, 'Access codes')
  await studio.getByRole('button', { name: 'New access code' }).click()
  await studio
    .getByRole('form', { name: 'New access code' })
    .getByRole('button', { name: 'Create access code' })
    .click()
  const code = await takeSecret(studio, 'Access code')
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/)

  // The code works while it is active: a first learner joins with it.
  await enrollAs(await createConfirmedUser(), { slug: courses.code.slug, code })
  const item = studio.getByRole('list', { name: 'Access codes' }).getByRole('listitem').first()
  await studio.reload()
  await expect(item).toContainText(/Active.*1 use, no limit/s)

  await item.getByRole('button', { name: /^Revoke the access code created / }).click()
  const confirm = studio.getByRole('alertdialog', { name: 'Revoke this access code?' })
  await expectNoSeriousViolations(studio)
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(item).toContainText('Revoked')
  await studio.context().close()

  const learner = await createConfirmedUser()
  await signIn(page, learner.email, learner.password, `/courses/${courses.code.slug}`)
  const field = page.getByRole('textbox', { name: 'Access code' })
  await field.fill(code)
  await page.getByRole('button', { name: 'Join the course' }).click()
  await expect(field).toHaveAccessibleDescription(/That code didn't work\. Check it and try again/)
})

test('an event planned in the studio shows on the course page of an enrolled learner', async ({ browser, page }) => {
  test.slow()
  const title = `Studio Q&A ${Date.now()}`
  const studio = await openAccessPage(browser, courses.open.id, 'Events')
  await studio.getByRole('button', { name: 'New event' }).click()
  const form = studio.getByRole('form', { name: 'New event' })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel(/^Starts \(/).fill('2030-03-01T18:00')
  await form.getByLabel(/^Ends \(/).fill('2030-03-01T19:00')
  const joinLink = form.getByLabel('Join link (optional)')
  await joinLink.fill('http://meet.example.com/qa')
  await form.getByRole('button', { name: 'Create event' }).click()
  await expect(joinLink).toHaveAccessibleDescription(/Use an https:\/\/ link/)
  await joinLink.fill('https://meet.example.com/qa')
  await form.getByRole('button', { name: 'Create event' }).click()
  await expect(form).toHaveCount(0)
  const events = studio.getByRole('list', { name: 'Live sessions and deadlines' })
  await expect(events.getByRole('listitem').filter({ hasText: title })).toContainText('Whole course')
  await expectNoSeriousViolations(studio)
  await studio.context().close()

  const learner = await createConfirmedUser()
  await enrollAs(learner, { slug: courses.open.slug })
  await signIn(page, learner.email, learner.password, `/courses/${courses.open.slug}`)
  await expect(page.getByRole('heading', { name: 'Live sessions and deadlines' })).toBeVisible()
  await expect(page.getByText(title, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`^Join.*${title}`) })).toHaveAttribute(
    'href',
    'https://meet.example.com/qa',
  )
})

test('an unknown course is not found at the old access address', async ({ page }) => {
  await signIn(
    page,
    instructor.email,
    instructor.password,
    '/studio/courses/00000000-0000-4000-8000-000000000000/access',
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible()
})

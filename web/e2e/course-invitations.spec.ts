// Journeys of course invitations: the demo instructor adds a registered learner and a new address by email; both get
// the same answer and show in the roster as Invited, by email, without a name. The registered learner's inbox has
// "Ian Instructor at Summit Academy invited you to <course>" with a link to their invitation; they sign in and
// accept on their home page, and the roster then shows their name as Active. The new address's invite names the
// instructor, the school and the course; its link signs them in on /invitations/<id>, they accept there and open the
// course. Axe runs on each screen, at both widths.
import { expect, test, type Page } from '@playwright/test'
import {
  createConfirmedUser,
  expectNoSeriousViolations,
  extractLink,
  latestEmail,
  signIn,
  uniqueEmail,
} from './support'

const courseId = 'c0000000-0000-4000-8000-000000000001' // web-accessibility-basics (open), seed.sql
const courseTitle = 'Web Accessibility Basics'
const learnersUrl = `/studio/courses/${courseId}/learners`
// The demo instructor and their school (seed.sql), as the emails name them.
const invitedBy = 'Ian Instructor at Summit Academy'

/** A name no other run (or the other screen width, running at the same time) uses. */
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`

/** The roster's rows for one address (the search matches an invitation by its email). */
async function rosterRowFor(page: Page, email: string) {
  await page.getByLabel('Search learners').fill(email)
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: email })
  await expect(rows).toHaveCount(1)
  return rows
}

test.describe('course invitations', () => {
  // Two browsers, emails and axe five times on a machine shared with the stack: well past the default 30 s.
  test.describe.configure({ timeout: 180_000 })

  test('an invited learner is named in the roster only once they accept on their home page', async ({
    page,
    browser,
  }) => {
    const existing = await createConfirmedUser({ displayName: uniqueName('Ivy') })
    const newcomer = uniqueEmail('e2e-invitee')

    await signIn(page, 'instructor@example.com', 'summit-demo', learnersUrl)
    await expect(page).toHaveTitle(`Learners · ${courseTitle} · Studio · Summit`)
    const sent = new Date()
    await page.getByRole('button', { name: 'Add learners' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add learners by email' })
    await dialog.getByLabel('Email addresses').fill(`${existing.email.toUpperCase()}\nnot-an-address, ${newcomer}`)
    await dialog.getByRole('button', { name: 'Invite learners' }).click()

    // One answer per address: the registered learner's is the new address's, and the unreadable one is listed back.
    const results = dialog.getByRole('status')
    const answerFor = (email: string) => results.getByRole('listitem').filter({ hasText: email })
    await expect(answerFor(existing.email)).toContainText(/Invited/)
    const registeredAnswer = (await answerFor(existing.email).innerText()).replace(existing.email, '').trim()
    const unknownAnswer = (await answerFor(newcomer).innerText()).replace(newcomer, '').trim()
    expect(registeredAnswer).toBe(unknownAnswer)
    await expect(answerFor('not-an-address')).toContainText('Could not read this address')
    await expect(results).toContainText('1 could not be read')
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')

    // The roster: both as Invited, by email, and no name for the registered learner.
    for (const email of [existing.email, newcomer]) {
      const row = await rosterRowFor(page, email)
      await expect(row.getByText('Invited', { exact: true })).toBeVisible()
      await expect(row.getByRole('rowheader')).toHaveText('—Name shown once they accept')
    }
    await expect(page.getByText(existing.displayName)).toHaveCount(0)
    await expectNoSeriousViolations(page)

    // The registered learner's email names the instructor, the school and the course, and links to the invitation.
    const courseEmail = await latestEmail(existing.email, { after: sent })
    expect(courseEmail.subject).toBe(`${invitedBy} invited you to ${courseTitle}`)
    expect(courseEmail.text).toContain(`${invitedBy} invited you to learn in ${courseTitle} on Summit.`)
    expect(courseEmail.text).toContain('You get this email because Ian Instructor added')
    const accept = /href="([^"]*\/invitations\/[0-9a-f-]{36})"/.exec(courseEmail.html)?.[1]
    expect(accept, courseEmail.html).toBeDefined()
    expect(courseEmail.text).toContain(`Accept the invitation: ${accept}`)

    // They sign in: the email's link opens their invitation, which also waits on home; accepting enrolls them.
    const learnerContext = await browser.newContext()
    const learner = await learnerContext.newPage()
    await signIn(learner, existing.email, existing.password, new URL(accept!).pathname)
    await expect(learner.getByRole('heading', { level: 1, name: `Join ${courseTitle}?` })).toBeVisible()
    await learner.goto('/')
    const invitations = learner.getByRole('region', { name: 'Course invitations' })
    await expect(invitations).toContainText(`Summit Academy invited you to learn in ${courseTitle}`)
    await expectNoSeriousViolations(learner)
    await invitations.getByRole('button', { name: `Accept the invitation to ${courseTitle}` }).click()
    await expect(invitations.getByRole('status')).toHaveText(`You joined ${courseTitle}. Open the course`)
    await expect(learner.getByRole('link', { name: new RegExp(courseTitle) }).first()).toBeVisible()
    await expectNoSeriousViolations(learner)
    await learnerContext.close()

    // The roster now names them, Active.
    await page.reload()
    const accepted = await rosterRowFor(page, existing.email)
    await expect(accepted.getByRole('rowheader')).toHaveText(existing.displayName)
    await expect(accepted.getByText('Active', { exact: true })).toBeVisible()
    const stillInvited = await rosterRowFor(page, newcomer)
    await expect(stillInvited.getByText('Invited', { exact: true })).toBeVisible()
  })

  test("a new address's email link signs them in on the invitation, where they accept", async ({ page, browser }) => {
    const newcomer = uniqueEmail('e2e-invitee-link')
    const sent = new Date()
    await signIn(page, 'instructor@example.com', 'summit-demo', learnersUrl)
    await page.getByRole('button', { name: 'Add learners' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add learners by email' })
    await dialog.getByLabel('Email addresses').fill(newcomer)
    await dialog.getByRole('button', { name: 'Invite learners' }).click()
    await expect(dialog.getByRole('status').getByRole('listitem')).toContainText('Invited; enrolled once they accept')

    // Auth's invite names the instructor, the school and the course (from the invite's metadata).
    const invite = await latestEmail(newcomer, { after: sent })
    expect(invite.subject).toBe('Your invitation to Summit')
    expect(invite.html).toContain(`Ian Instructor invited you to ${courseTitle}</h1>`)
    expect(invite.text).toContain(`${invitedBy} invited you to learn in ${courseTitle} on Summit.`)
    const invitee = await (await browser.newContext()).newPage()
    await invitee.goto(extractLink(invite))
    await expect(invitee).toHaveURL(/\/invitations\/[0-9a-f-]{36}$/)
    await expect(invitee).toHaveTitle('Course invitation · Summit')
    const heading = invitee.getByRole('heading', { level: 1, name: `Join ${courseTitle}?` })
    await expect(heading).toBeFocused()
    await expectNoSeriousViolations(invitee)
    await invitee.getByRole('button', { name: `Accept the invitation to ${courseTitle}` }).click()
    await expect(invitee.getByRole('heading', { level: 1, name: `You joined ${courseTitle}` })).toBeFocused()
    await invitee.getByRole('link', { name: 'Open the course' }).click()
    await expect(invitee).toHaveURL(/\/courses\/web-accessibility-basics$/)

    // The same link again: the invitation is answered, and the page says so.
    await invitee.goBack()
    await invitee.reload()
    await expect(invitee.getByRole('heading', { level: 1, name: 'This invitation is not open' })).toBeVisible()
    await expectNoSeriousViolations(invitee)
  })
})

// A first walk through Summit for someone who wants to teach. A visitor finds "Teach on Summit" in the header and on
// home, which leads to creating an account and back to the studio; a signed-in learner finds it in the account menu,
// on home and in the catalog, and the studio walks them from a school to a first course in its editor, with the
// publishing checklist. An owner's home opens on their teaching (what needs them, their courses) with their learning
// below. No serious accessibility violation, at 360 and 1280 px (the two projects).
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn, signInThroughForm } from './support'

const owner = { email: 'owner@example.com', password: 'summit-demo' }

/** The primary navigation: the header's row on wide screens, the Menu drawer on small ones. */
async function primaryNav(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: 'Menu', exact: true }).click()
  return page.getByRole('navigation', { name: 'Primary' })
}

test('a visitor finds Teach on Summit in the header and on home, and is led to create an account', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  const mobile = testInfo.project.name === 'mobile'
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const invitation = page.getByRole('region', { name: 'Teach on Summit' })
  await expect(invitation).toBeVisible()
  await expectNoSeriousViolations(page)

  const nav = await primaryNav(page, mobile)
  const teach = nav.getByRole('link', { name: 'Teach on Summit' })
  await expect(teach).toHaveAttribute('href', '/auth/sign-up?redirect=%2Fstudio')
  if (mobile) await page.keyboard.press('Escape')

  await invitation.getByRole('link', { name: 'Start teaching' }).click()
  await expect(page).toHaveURL(/\/auth\/sign-up\?redirect=%2Fstudio$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('a new learner goes from Teach on Summit to a first course in the editor', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const mobile = testInfo.project.name === 'mobile'
  const user = await createConfirmedUser({ displayName: 'Tess Teacher' })
  const suffix = `${testInfo.project.name} ${Date.now().toString(36)}`
  const schoolName = `Tess's School ${suffix}`
  const courseTitle = `First steps ${suffix}`

  await signIn(page, user.email, user.password, '/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Summit' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Teach on Summit' })).toBeVisible()
  const nav = await primaryNav(page, mobile)
  await expect(nav.getByRole('link', { name: 'Teach on Summit' })).toHaveAttribute('href', '/studio')
  await expect(nav.getByRole('link', { name: 'Studio', exact: true })).toHaveCount(0)
  if (mobile) await page.keyboard.press('Escape')

  await page.goto('/courses')
  await expect(page.getByRole('region', { name: 'Teach on Summit' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // The account menu leads to the studio.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Teach on Summit' }).click()
  await expect(page).toHaveURL(/\/studio$/)
  await expect(page.getByRole('heading', { name: 'Start teaching on Summit' })).toBeVisible()
  const steps = page.getByRole('list', { name: 'Your first course' })
  await expect(steps.getByRole('listitem')).toHaveCount(4)
  await expect(steps.locator('[aria-current="step"]')).toContainText('Create your school')
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'Create a school' }).click()
  await page.getByLabel('School name').fill(schoolName)
  await page.getByRole('button', { name: 'Create school' }).click()
  const school = page.getByRole('region', { name: schoolName })
  await expect(school.getByText('Owner', { exact: true })).toBeVisible()
  const next = school.getByRole('list', { name: 'Your first course' })
  await expect(next.locator('[aria-current="step"]')).toContainText('Create your first course')
  await expect(next.getByRole('listitem').first()).toContainText('(done)')
  await expectNoSeriousViolations(page)

  await school.getByRole('button', { name: 'Create your first course' }).click()
  await school.getByLabel('Course title').fill(courseTitle)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: courseTitle, level: 1 })).toBeFocused()
  const checklist = page.getByRole('list', { name: 'Publishing checklist' })
  await expect(checklist.getByText('At least one section with a lesson')).toBeVisible()
  await expect(checklist.getByText('Certificate on completion: on')).toBeVisible()

  // Now a member: the header says Studio, and home opens on their teaching with the new draft to finish.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Your teaching' })).toBeVisible()
  const attention = page.getByRole('region', { name: 'Needs your attention' })
  await expect(attention.getByRole('link', { name: courseTitle })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Teach on Summit' })).toHaveCount(0)
  await expect(page.getByText('Out of reach this week')).toHaveCount(0)
  const memberNav = await primaryNav(page, mobile)
  await expect(memberNav.getByRole('link', { name: 'Studio', exact: true })).toBeVisible()
})

test("an owner's home opens on their teaching, with their learning below", async ({ page }) => {
  test.setTimeout(90_000)
  // Through the form: the heading's focus is the sign-in's navigation to the home page.
  await signInThroughForm(page, owner.email, owner.password, '/')
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Your teaching')
  await expect(heading).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Welcome to Summit' })).toHaveCount(0)

  const attention = page.getByRole('region', { name: 'Needs your attention' })
  await expect(attention.getByText(/waiting for an answer/)).toBeVisible()
  await expect(attention.getByText(/at risk|without activity/).first()).toBeVisible()
  await expect(attention.getByText(/not published yet|No drafts/)).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your schools and courses' })).toBeVisible()

  // Teaching comes first; learning follows under its own heading.
  const learning = page.getByRole('heading', { level: 2, name: 'Your learning' })
  await expect(learning).toBeVisible()
  const order = await page.evaluate(() => {
    const top = (text: string) =>
      [...document.querySelectorAll('h1, h2')].find((h) => h.textContent?.trim() === text)?.getBoundingClientRect()
        .top ?? -1
    return { attention: top('Needs your attention'), learning: top('Your learning') }
  })
  expect(order.attention).toBeGreaterThan(0)
  expect(order.learning).toBeGreaterThan(order.attention)
  await expectNoSeriousViolations(page)
})

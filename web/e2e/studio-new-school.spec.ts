// A new user becomes a course creator: signed up with no school, they find the studio's empty state, create a school
// (becoming its owner, with the web address suggested from the name) and a first course in it, and land in the
// course editor. The header then offers Studio. No serious accessibility violation at either width.
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'

test('a new user creates a school, becomes its owner and starts a course in it', async ({ page }, testInfo) => {
  test.slow()
  const user = await createConfirmedUser({ displayName: 'Nadia New' })
  const suffix = `${testInfo.project.name} ${Date.now().toString(36)}`
  const schoolName = `Nadia's School ${suffix}`
  const courseTitle = `First course ${suffix}`

  await signIn(page, user.email, user.password, '/studio')
  await expect(page).toHaveTitle('Studio · Summit')
  await expect(page.getByRole('heading', { name: 'Start teaching on Summit' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'Create a school' }).click()
  await page.getByLabel('School name').fill(schoolName)
  await expect(page.getByLabel('Web address')).toHaveValue(schoolName.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
  await page.getByRole('button', { name: 'Create school' }).click()

  const school = page.getByRole('region', { name: schoolName })
  await expect(school.getByText('Owner', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create your first course' }).click()
  await school.getByLabel('Course title').fill(courseTitle)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()

  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: courseTitle, level: 1 })).toBeVisible()
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Studio' })).toBeVisible()
  }
  await expectNoSeriousViolations(page)
})

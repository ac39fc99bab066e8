// Certificates are on for a new course: the owner creates one in the studio, finds "Issue a certificate on
// completion" ticked and the publishing checklist saying so, turns it off (the checklist and the database follow)
// and on again. No serious accessibility violation at either width.
import { expect, test } from '@playwright/test'
import { apiUrl, expectNoSeriousViolations, secretKey, signIn } from './support'

const owner = { email: 'owner@example.com', password: 'summit-demo' }

async function certificateEnabled(courseId: string): Promise<unknown> {
  const response = await fetch(`${apiUrl}/rest/v1/courses?id=eq.${courseId}&select=certificate_enabled`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  })
  expect(response.status, 'reading the course').toBe(200)
  const rows = (await response.json()) as { certificate_enabled: boolean }[]
  return rows[0]?.certificate_enabled
}

test('a new course issues certificates until its creator turns them off', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const title = `Certified by default ${testInfo.project.name} ${Date.now().toString(36)}`
  await signIn(page, owner.email, owner.password, '/studio')
  const school = page.getByRole('region', { name: 'Summit Academy' })
  await school.getByRole('button', { name: 'New course' }).click()
  await expect(school.getByText(/Learners who finish it get a certificate/)).toBeVisible()
  await school.getByLabel('Course title').fill(title)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}$/)
  const courseId = new URL(page.url()).pathname.split('/').at(-1) ?? ''
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()

  const certificate = page.getByRole('checkbox', { name: 'Issue a certificate on completion' })
  const checklist = page.getByRole('list', { name: 'Publishing checklist' })
  await expect(certificate).toBeChecked()
  await expect(checklist.getByText('Certificate on completion: on')).toBeVisible()
  expect(await certificateEnabled(courseId)).toBe(true)
  await expectNoSeriousViolations(page)

  const saved = () =>
    page.waitForResponse((r) => r.url().includes('/rest/v1/courses') && r.request().method() === 'PATCH' && r.ok())
  let save = saved()
  await certificate.click()
  await save
  await expect(certificate).not.toBeChecked()
  await expect(checklist.getByText('Certificate on completion: off')).toBeVisible()
  expect(await certificateEnabled(courseId)).toBe(false)

  // The choice survives a reload, and can be undone.
  await page.reload()
  await expect(certificate).not.toBeChecked()
  save = saved()
  await certificate.click()
  await save
  await expect(checklist.getByText('Certificate on completion: on')).toBeVisible()
  expect(await certificateEnabled(courseId)).toBe(true)
})

// School members and course covers in the studio: the demo owner opens the members page, invites a new instructor
// by email, the invitee follows the emailed link, lands on /studio and accepts; promoting them, demoting an owner
// and removing one without two-factor sign-in are explained. Then the owner uploads a
// generated image as a course cover, cropped to 16:9. No serious accessibility violation at either width.
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolations, extractLink, latestEmail, signIn } from './support'
import { sql } from './support/db'

const owner = { email: 'owner@example.com', password: 'summit-demo' }

/** A PNG drawn by the browser: a 900×900 square whose left half is teal and right half orange. */
async function generatedPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 900
    canvas.height = 900
    const context = canvas.getContext('2d')!
    context.fillStyle = '#0f766e'
    context.fillRect(0, 0, 450, 900)
    context.fillStyle = '#f97316'
    context.fillRect(450, 0, 450, 900)
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

test('an owner invites an instructor who accepts, changes roles, and is told why removing needs two-factor sign-in', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, an email round trip and four axe runs: generous on a loaded 2-core machine.
  test.setTimeout(180_000)
  const invitee = `invited-${testInfo.project.name}-${Date.now().toString(36)}@example.com`
  const inviteeName = invitee.split('@')[0]!

  await signIn(page, owner.email, owner.password, '/studio')
  await page.getByRole('link', { name: 'Members of Summit Academy' }).click()
  await expect(page.getByRole('heading', { name: 'Members of Summit Academy', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Members · Summit Academy · Studio · Summit')
  await expect(page.getByText(owner.email)).toBeVisible()
  await expectNoSeriousViolations(page)

  // Invite by email; the invitation waits until it is accepted.
  const sent = new Date()
  await page.getByLabel('Email address').fill(invitee)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible()
  const pending = page.getByRole('region', { name: 'Pending invitations' })
  await expect(pending.getByText(invitee)).toBeVisible()

  // The invitee follows the emailed link and lands on /studio, where the invitation is offered.
  const email = await latestEmail(invitee, { after: sent })
  const inviteeContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const inviteePage = await inviteeContext.newPage()
  await inviteePage.goto(extractLink(email))
  await expect(inviteePage).toHaveURL(/\/studio$/)
  const offer = inviteePage.getByRole('region', { name: 'Invitations to teach' })
  await expect(offer.getByText('Summit Academy invited you to join as instructor.')).toBeVisible()
  await expectNoSeriousViolations(inviteePage)
  await offer.getByRole('button', { name: 'Accept the invitation from Summit Academy' }).click()
  const school = inviteePage.getByRole('region', { name: 'Summit Academy' })
  await expect(school.getByText('Instructor', { exact: true })).toBeVisible()
  await expect(offer).toBeHidden()
  await inviteeContext.close()

  // The owner sees the new member. Making them an owner gives ownership away: it needs a second factor, which a
  // password session does not have; the step-up dialog asks for one first, this owner has none set up, and cancels.
  await page.reload()
  await expect(pending).toBeHidden()
  const row = page.getByRole('listitem').filter({ hasText: invitee })
  await expect(row.getByText(inviteeName, { exact: true })).toBeVisible()
  await row.getByLabel(`Role of ${inviteeName}`).selectOption('owner')
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
  await expect(stepUp).toContainText('your account has none set up yet')
  await stepUp.getByRole('button', { name: 'Cancel' }).click()
  await expect(stepUp).toBeHidden()
  await expect(row.getByRole('alert')).toContainText('Making someone an owner, or changing an owner’s role, needs')
  await page.reload()
  await expect(page.getByLabel(`Role of ${inviteeName}`)).toHaveValue('instructor')
  // An owner with two-factor sign-in makes them one (done in the database here: this owner has no factor).
  await sql(
    `update public.school_members set role = 'owner' where user_id = (select id from auth.users where email = $1)`,
    [invitee],
  )
  await page.reload()
  await expect(page.getByLabel(`Role of ${inviteeName}`)).toHaveValue('owner')
  // Demoting an owner takes their ownership away: like removing them, it needs a second factor, which a password
  // session does not have. The role stays as it was.
  await page.getByLabel(`Role of ${inviteeName}`).selectOption('instructor')
  await expect(stepUp).toContainText('your account has none set up yet')
  await stepUp.getByRole('button', { name: 'Cancel' }).click()
  await expect(stepUp).toBeHidden()
  await expect(row.getByRole('alert')).toContainText('Making someone an owner, or changing an owner’s role, needs')
  await expect(page.getByLabel(`Role of ${inviteeName}`)).toHaveValue('owner')

  // Removing needs a second factor, which a password session does not have.
  await row.getByRole('button', { name: `Remove ${inviteeName}` }).click()
  await stepUp.getByRole('button', { name: 'Cancel' }).click()
  await expect(stepUp).toBeHidden()
  await expect(row.getByRole('alert')).toContainText('Removing a member needs two-factor sign-in.')
  await expect(row).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('a school that does not exist is not found', async ({ page }) => {
  test.setTimeout(60_000)
  await signIn(page, owner.email, owner.password, '/studio/schools/00000000-0000-4000-8000-000000000000/members')
  await expect(page.getByRole('heading', { name: 'School not found' })).toBeVisible()
})

test('an owner uploads a cover cropped to the card ratio', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const title = `Cover test ${testInfo.project.name} ${Date.now().toString(36)}`
  await signIn(page, owner.email, owner.password, '/studio')
  const school = page.getByRole('region', { name: 'Summit Academy' })
  await school.getByRole('button', { name: 'New course' }).click()
  await school.getByLabel('Course title').fill(title)
  await expect(school.getByText('Available', { exact: true })).toBeVisible()
  await school.getByRole('button', { name: 'Create course' }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.getByText('No cover yet')).toBeVisible()

  await page.getByLabel('Cover image file').setInputFiles({
    name: 'My Cover.png',
    mimeType: 'image/png',
    buffer: await generatedPng(page),
  })
  const frame = page.getByRole('group', { name: 'Cover crop' })
  await expect(frame).toBeVisible()
  await expect(page.getByLabel('Zoom')).toHaveValue('1')
  await frame.focus()
  await page.keyboard.press('+')
  await expect(page.getByLabel('Zoom')).toHaveValue('1.25')
  await page.keyboard.press('ArrowLeft')
  await expectNoSeriousViolations(page)

  const uploaded = page.waitForResponse((r) => r.url().includes('/storage/v1/object/course-covers/') && r.ok())
  await page.getByRole('button', { name: 'Upload cover' }).click()
  await uploaded
  await expect(page.getByText('The new cover is saved.')).toBeVisible()
  const cover = page.getByRole('img', { name: 'The course’s current cover' })
  await expect(cover).toBeVisible()
  // Read through fetch (the bucket answers with CORS), so the canvas is not tainted by the cross-origin image.
  const { size, leftPixel } = await cover.evaluate(async (img: HTMLImageElement) => {
    const bitmap = await createImageBitmap(await (await fetch(img.src)).blob())
    const canvas = document.createElement('canvas')
    canvas.width = bitmap.width
    canvas.height = bitmap.height
    const context = canvas.getContext('2d')!
    context.drawImage(bitmap, 0, 0)
    return {
      size: { width: bitmap.width, height: bitmap.height },
      leftPixel: Array.from(context.getImageData(10, 360, 1, 1).data.slice(0, 3)),
    }
  })
  expect(size).toEqual({ width: 1280, height: 720 })
  // Zoomed in and moved to the left: the teal half fills the left of the cover.
  expect(leftPixel[1]).toBeGreaterThan(leftPixel[0]! + 50)

  // The cover survives a reload, and the details autosave still works on top of it.
  await page.reload()
  await expect(page.getByRole('img', { name: 'The course’s current cover' })).toBeVisible()
})

// The school's public page: a visitor (signed out) opens it from a course page's "by <School>" link and sees the
// school's about text, its instructors and its courses; an unknown school is not found after one request, and an
// unreachable API is said within 3 s. An owner edits the page in the studio — the colour's contrast checked live with
// the database's sentence, the about text, a logo cropped square — and sees it on the public page. No serious
// accessibility violation at 360 and 1280 px.
import { expect, test, type Page } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { sql } from './support/db'

/** A PNG drawn by the browser: a 600×400 image, teal on the left and orange on the right. */
async function generatedPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 600
    canvas.height = 400
    const context = canvas.getContext('2d')!
    context.fillStyle = '#0f766e'
    context.fillRect(0, 0, 300, 400)
    context.fillStyle = '#f97316'
    context.fillRect(300, 0, 300, 400)
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** A school of its own for this run, owned by a new user, with one published course (trusted inserts). */
async function ownSchool(run: string) {
  const owner = await createConfirmedUser({ displayName: `Wren Owner ${run}` })
  const slug = `wren-school-${run}`
  const [school] = await sql<{ id: string }>(`insert into public.schools (slug, name) values ($1, $2) returning id`, [
    slug,
    `Wren School ${run}`,
  ])
  await sql(`insert into public.school_members (school_id, user_id, role) values ($1, $2, 'owner')`, [
    school!.id,
    owner.id,
  ])
  await sql(
    `with course as (
       insert into public.courses (school_id, slug, title, status, published_at)
       values ($1, $2, $3, 'published', now()) returning id
     ), section as (
       insert into public.course_sections (course_id, position, title) select id, 1, 'Start' from course returning id, course_id
     ), lesson as (
       insert into public.lessons (course_id, section_id, position, title, kind, duration_s)
       select course_id, id, 1, 'Hello', 'text', 60 from section returning id, course_id
     )
     insert into public.lesson_contents (lesson_id, course_id, body_md) select id, course_id, 'Hello.' from lesson`,
    [school!.id, `wren-course-${run}`, `Wren Course ${run}`],
  )
  return { owner, slug, id: school!.id, name: `Wren School ${run}`, course: `Wren Course ${run}` }
}

test('a visitor opens the school page from a course page and sees its about text, instructors and courses', async ({
  page,
}) => {
  await page.goto('/courses/web-accessibility-basics')
  await page.getByRole('link', { name: 'by Summit Academy' }).click()
  await expect(page).toHaveURL(/\/schools\/summit-academy$/)
  await expect(page.getByRole('heading', { name: 'Summit Academy', level: 1 })).toBeFocused()
  await expect(page).toHaveTitle('Summit Academy · Summit')
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Summit Academy')
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    /^Summit Academy teaches the craft of building for the web/,
  )
  await expect(page.getByText('Hands-on lessons')).toBeVisible()
  const instructors = page.getByRole('region', { name: 'Instructors' })
  await expect(instructors.getByText('Ian Instructor')).toBeVisible()
  await expect(instructors.getByText('Priya Raman')).toBeVisible()
  const courses = page.getByRole('region', { name: 'Courses' })
  await expect(courses.getByRole('link', { name: 'Web Accessibility Basics' })).toBeVisible()
  // The draft course is not listed.
  await expect(courses.getByRole('link', { name: 'Public Speaking for Engineers' })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  // The school's courses lead back to their pages.
  await courses.getByRole('link', { name: 'Web Accessibility Basics' }).click()
  await expect(page.getByRole('heading', { name: 'Web Accessibility Basics', level: 1 })).toBeVisible()
})

test('an unknown school is not found after a single request', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rpc/school_page')) calls.push(request.url())
  })
  await page.goto('/schools/no-such-school-here')
  await expect(page.getByRole('heading', { name: 'School not found', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('School not found · Summit')
  expect(calls).toHaveLength(1)
  await expectNoSeriousViolations(page)
})

test('with the API out of reach, the school page shows its error within 3 seconds', async ({ page }) => {
  let firstCall: number | null = null
  await page.route(/:54321\/(rest|auth|storage|functions)\/v1\//, (route) => {
    firstCall ??= Date.now()
    return route.abort('connectionrefused')
  })
  await page.goto('/schools/summit-academy')
  await page.waitForFunction(
    () => [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Something went wrong'),
    undefined,
    { polling: 'raf', timeout: 20_000 },
  )
  expect(firstCall, 'the page called the API').not.toBeNull()
  expect(Date.now() - (firstCall ?? 0)).toBeLessThan(3000)
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Summit Academy', level: 1 })).toBeVisible()
})

test('an owner edits the about text, colour and logo in the studio and sees them on the school page', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`
  const school = await ownSchool(run)

  await signIn(page, school.owner.email, school.owner.password, '/studio')
  await page.getByRole('link', { name: `School page of ${school.name}` }).click()
  await expect(page.getByRole('heading', { name: `School page of ${school.name}`, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`School page · ${school.name} · Studio · Summit`)
  await expectNoSeriousViolations(page)

  // The colour is checked as it is typed, with the sentence the database answers.
  const colour = page.getByLabel('Accent colour')
  await colour.fill('#ff0000')
  await expect(
    page.getByText('Choose a colour with at least 4.5:1 contrast against white or against dark text').first(),
  ).toBeVisible()
  await colour.fill('#fbbf24')
  await expect(page.getByText('Readable: dark text will be set on this colour.')).toBeVisible()
  await colour.fill('#1d4ed8')
  await expect(page.getByText('Readable: white text will be set on this colour.')).toBeVisible()
  await page.getByLabel('About the school').fill(`We teach **birdsong** to ${run}.`)
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('birdsong')).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Saved. Visitors see the new page now.')).toBeVisible()

  // A logo, cropped square as covers are cropped.
  await page.getByLabel('Logo image file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await generatedPng(page),
  })
  await expect(page.getByRole('group', { name: 'Logo crop' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Upload logo' }).click()
  await expect(page.getByText('The new logo is saved.')).toBeVisible()
  await expect(page.getByRole('img', { name: 'The school’s current logo' })).toBeVisible()

  // The public page shows it all, with an edit link for its owner.
  await page.getByRole('link', { name: `/schools/${school.slug}` }).click()
  await expect(page.getByRole('heading', { name: school.name, level: 1 })).toBeVisible()
  await expect(page.getByText(`We teach birdsong to ${run}.`)).toBeVisible()
  await expect(page.locator('header', { has: page.getByRole('heading', { level: 1 }) })).toHaveCSS(
    'background-color',
    'rgb(29, 78, 216)',
  )
  await expect(page.locator('header img')).toHaveAttribute('src', new RegExp(`schools/${school.id}/logo-`))
  await expect(page.getByRole('region', { name: 'Courses' }).getByRole('link', { name: school.course })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Instructors' }).getByText(school.owner.displayName)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit school page' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // The course page carries the school's colour in its "by" link.
  await page.getByRole('region', { name: 'Courses' }).getByRole('link', { name: school.course }).click()
  await expect(page.getByRole('link', { name: `by ${school.name}` })).toHaveCSS('background-color', 'rgb(29, 78, 216)')
})

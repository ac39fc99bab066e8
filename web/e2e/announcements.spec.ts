// Announcements: an instructor writes one in the studio (markdown with a preview) and sends it now; the learner's
// open course page hears of it live (the bell's count rises and the announcement appears on the page), the inbox has
// the email with the school, the course and an unsubscribe link, and that link, opened signed out, turns announcement
// emails off. The learner marks all read. A scheduled one waits in the list; past 5 in 24 hours the course is
// refused with the database's sentence. Axe finds nothing serious on the studio page or the course page.
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, latestEmail, signIn } from './support'
import { sql } from './support/db'

/** A school and a published course of their own for this run (trusted inserts), taught by a new instructor. */
async function ownCourse(run: string) {
  const instructor = await createConfirmedUser({ displayName: `Ines Instructor ${run}` })
  const learner = await createConfirmedUser({ displayName: `Leo Learner ${run}` })
  const [school] = await sql<{ id: string }>(`insert into public.schools (slug, name) values ($1, $2) returning id`, [
    `herald-school-${run}`,
    `Herald School ${run}`,
  ])
  await sql(`insert into public.school_members (school_id, user_id, role) values ($1, $2, 'instructor')`, [
    school!.id,
    instructor.id,
  ])
  const [course] = await sql<{ id: string }>(
    `with course as (
       insert into public.courses (school_id, slug, title, status, published_at)
       values ($1, $2, $3, 'published', now()) returning id
     ), section as (
       insert into public.course_sections (course_id, position, title) select id, 1, 'Start' from course returning id, course_id
     ), lesson as (
       insert into public.lessons (course_id, section_id, position, title, kind, duration_s)
       select course_id, id, 1, 'Hello', 'text', 60 from section
     )
     select id from course`,
    [school!.id, `herald-course-${run}`, `Herald Course ${run}`],
  )
  await sql(`insert into public.enrollments (course_id, user_id, source) values ($1, $2, 'open')`, [
    course!.id,
    learner.id,
  ])
  return { instructor, learner, courseId: course!.id, slug: `herald-course-${run}`, title: `Herald Course ${run}` }
}

test('an announcement reaches the open learner tab live and the inbox, and its email unsubscribes signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const run = Math.random().toString(36).slice(2, 8)
  const { instructor, learner, courseId, slug, title } = await ownCourse(run)

  // The learner has the course page open.
  const learnerContext = await browser.newContext({ viewport: page.viewportSize() })
  const learnerPage = await learnerContext.newPage()
  await signIn(learnerPage, learner.email, learner.password, `/courses/${slug}`)
  await expect(learnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const bell = learnerPage.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')

  // The instructor writes and previews.
  await signIn(page, instructor.email, instructor.password, `/studio/courses/${courseId}/announcements`)
  await expect(page).toHaveTitle(`Announcements · ${title} · Studio · Summit`)
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No announcements yet' })).toBeVisible()
  await expectNoSeriousViolations(page)
  const form = page.getByRole('form', { name: 'New announcement' })
  await form.getByLabel('Title').fill('Week 2 is open')
  await form.getByRole('textbox', { name: 'Message' }).fill('Start with **Deep dive** <script>x</script>')
  await form.getByRole('button', { name: 'Preview' }).click()
  const preview = form.getByRole('region', { name: 'Preview of the message' })
  await expect(preview.locator('strong')).toHaveText('Deep dive')
  await expectNoSeriousViolations(page)
  await form.getByRole('button', { name: 'Back to writing' }).click()
  const sentAt = new Date()
  await form.getByRole('button', { name: 'Send announcement' }).click()
  await expect(form.getByRole('status')).toHaveText('Announcement sent.')
  const history = page.getByRole('region', { name: 'Sent and scheduled' })
  await expect(history.getByRole('listitem').filter({ hasText: 'Week 2 is open' })).toContainText('Sent')

  // Live in the learner's tab: the bell counts it and the course page shows it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 })
  const section = learnerPage.getByRole('region', { name: 'Announcements' })
  await expect(section.getByRole('heading', { name: 'Week 2 is open' })).toBeVisible({ timeout: 20_000 })
  await expect(section.locator('strong')).toHaveText('Deep dive')
  await expectNoSeriousViolations(learnerPage)
  await bell.click()
  const panel = learnerPage.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByRole('link', { name: /Unread: Week 2 is open/ })).toBeVisible()
  await panel.getByRole('button', { name: 'Mark all read' }).click()
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 10_000 })
  await learnerPage.keyboard.press('Escape')

  // The email: the school, the course, the message and the one-click unsubscribe link.
  const email = await latestEmail(learner.email, { subject: /Week 2 is open/, after: sentAt, timeoutMs: 30_000 })
  expect(email.subject).toBe(`Week 2 is open — ${title}`)
  expect(email.text).toContain(`Herald School ${run}`)
  expect(email.html).toContain('<strong>Deep dive</strong>')
  expect(email.html).not.toContain('<script>')
  const unsubscribe = /Unsubscribe: (\S+)/.exec(email.text)?.[1]
  expect(unsubscribe).toMatch(/\/functions\/v1\/unsubscribe\?token=v1\./)

  // Opened signed out (a fresh browser), the link asks to confirm, then turns announcement emails off.
  const strangerContext = await browser.newContext({ viewport: page.viewportSize() })
  const stranger = await strangerContext.newPage()
  await stranger.goto(unsubscribe!)
  await expect(stranger).toHaveURL((url) => url.pathname === '/unsubscribe' && url.searchParams.has('token'))
  await expect(stranger.getByText('This stops course announcement emails.')).toBeVisible()
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(stranger.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible()
  const [preference] = await sql<{ email: boolean }>(
    `select email from public.notification_preferences where user_id = $1 and kind = 'announcement'`,
    [learner.id],
  )
  expect(preference).toEqual({ email: false })
  await strangerContext.close()

  // A scheduled one waits; past 5 in 24 hours the course is refused.
  await form.getByLabel('Title').fill('Later on')
  await form.getByRole('textbox', { name: 'Message' }).fill('Coming soon.')
  await form.getByRole('radio', { name: 'Schedule for later' }).click()
  await form.getByRole('button', { name: 'Schedule announcement' }).click()
  await expect(form.getByRole('status')).toHaveText('Announcement scheduled.')
  await expect(history.getByRole('listitem').filter({ hasText: 'Later on' })).toContainText('Scheduled for')
  await sql(
    `insert into public.announcements (course_id, author_id, title, body_md, send_at)
     select $1, $2, 'Filler ' || n, 'x', now() + interval '1 day' from generate_series(1, 3) n`,
    [courseId, instructor.id],
  )
  await form.getByLabel('Title').fill('One too many')
  await form.getByRole('textbox', { name: 'Message' }).fill('Spam?')
  await form.getByRole('button', { name: 'Send announcement' }).click()
  await expect(form.getByRole('alert')).toContainText('5 announcements in the last 24 hours')
  await learnerContext.close()
})

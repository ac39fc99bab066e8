// Reminders: a learner of Web Accessibility Basics in Tokyo has a study session whose reminder comes due a few seconds
// after they open the app. The scheduler runs the send-reminders job's command every 5 seconds for this test (a
// schedule in seconds, created here and removed after), so the reminder reaches the open tab's bell live and the
// inbox on time, not before it is due. /account lists the reminder kinds with the others, by email on by default.
// Axe finds nothing serious at either width.
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, latestEmail, signIn } from './support'
import { sql } from './support/db'
import { enrollAs } from './support/enrollment'

const slug = 'web-accessibility-basics'

test('a study session reminder reaches the bell and the inbox on time', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const jobName = `reminders-journey-${testInfo.project.name}-${Date.now()}`
  const user = await createConfirmedUser({ displayName: 'Rita Reminded' })
  await enrollAs(user, { slug })
  await sql(`update public.profiles set timezone = 'Asia/Tokyo' where id = $1`, [user.id])
  await sql(
    `insert into public.study_plans (user_id, course_id, days_of_week, start_time, minutes, time_zone)
     select $1, c.id, '{1,2,3,4,5,6,7}', '09:00', 20, 'Asia/Tokyo' from public.courses c where c.slug = $2`,
    [user.id, slug],
  )

  try {
    await signIn(page, user.email, user.password, '/')
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName('Notifications')
    // Let the bell's channel join before the reminder is written, so it arrives over Realtime.
    await page.waitForTimeout(1500)

    // The session starts 15 minutes and 6 seconds from now: its reminder is due in 6 seconds.
    const dueAt = new Date(Date.now() + 6_000)
    await sql(
      `insert into public.study_sessions (user_id, course_id, starts_at, ends_at)
       select $1, c.id, $2::timestamptz + interval '15 minutes', $2::timestamptz + interval '35 minutes'
       from public.courses c where c.slug = $3`,
      [user.id, dueAt.toISOString(), slug],
    )
    await sql(`select cron.schedule($1, '5 seconds', 'select private.queue_reminders()')`, [jobName])

    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 })
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime())
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    const item = panel.getByRole('link', { name: /Your study session for Web Accessibility Basics starts soon/ })
    await expect(item).toContainText('(Asia/Tokyo)')
    await expect(item).toHaveAttribute('href', `/courses/${slug}`)
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')

    const email = await latestEmail(user.email, { subject: /^Your study session for Web Accessibility Basics/ })
    expect(email.text).toContain('Hi Rita Reminded,')
    expect(email.text).toContain('(Asia/Tokyo) and lasts 20 minutes.')
    expect(email.text).toMatch(/Unsubscribe: \S+\/functions\/v1\/unsubscribe\?token=/)
  } finally {
    await sql(`select cron.unschedule(jobid) from cron.job where jobname = $1`, [jobName])
  }

  // The preferences list the reminder kinds, on in the app and by email.
  await page.goto('/account#notification-preferences')
  for (const kind of [
    'Study session reminders',
    'Live session and deadline reminders',
    'Streak reminders',
    'Weekly digest of the courses I teach',
  ]) {
    await expect(page.getByRole('checkbox', { name: `${kind} by email` })).toBeChecked({ timeout: 15_000 })
    await expect(page.getByRole('checkbox', { name: `${kind} in the app` })).toBeChecked()
  }
  await expectNoSeriousViolations(page)
})

// Integration: send-reminders on the running stack. A learner in Tokyo has a study session in 10 minutes; the
// function, called with the service role key (as the send-reminders cron job calls it through pg_net), sends them one
// email in the mail module's layout: the course and its school, the start in Tokyo time, a link to the course, the
// footer's reason and a one-click unsubscribe link signed for that learner and kind. Two calls at once (two workers),
// a call again, or the scheduled job calling meanwhile: the claim makes it one email. A learner who switched study
// reminders off by email gets none, only the bell's notification; any other caller is 403 forbidden.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl, publishableKey } from './env.ts'
import { admin, createSchool, createUser, deleteUsers, type Course, type TestUser } from './fixtures.ts'

const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
const appOrigin = 'http://127.0.0.1:5173'
// The functions' SUPABASE_SERVICE_ROLE_KEY: the public demo key both local stacks use (as unsubscribe.test.ts).
const serviceRoleKey =
  process.env.SUMMIT_TEST_SERVICE_ROLE_KEY ||
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('base64url')
const secret = process.env.UNSUBSCRIBE_SECRET || hmac(serviceRoleKey, 'summit unsubscribe links v1')
const token = (userId: string, kind: string) => `v1.${userId}.${kind}.${hmac(secret, `v1.${userId}.${kind}`)}`

interface Email {
  ID: string
  Subject: string
  Text: string
  HTML: string
  From: { Name: string; Address: string }
}

async function emailsTo(to: string): Promise<Email[]> {
  const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  const { messages } = (await search.json()) as { messages: { ID: string }[] }
  return Promise.all(
    messages.map(async (m) => (await (await fetch(`${inboxUrl}/api/v1/message/${m.ID}`)).json()) as Email),
  )
}

/** The emails to `to` once at least `count` have arrived (waiting up to 10 s). */
async function waitForEmails(to: string, count = 1): Promise<Email[]> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const emails = await emailsTo(to)
    if (emails.length >= count) return emails
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, got ${emails.length}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const sendReminders = (key: string) =>
  fetch(`${apiUrl}/functions/v1/send-reminders`, {
    method: 'POST',
    headers: { apikey: publishableKey, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
  })

/** "09:10" in Tokyo. */
const tokyoTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)

describe.skipIf(!apiUrl)('send-reminders', () => {
  let owner: TestUser, learner: TestUser, quiet: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course
  const startsAt = new Date(Date.now() + 10 * 60_000)

  async function planSession(user: TestUser) {
    const db = admin()
    const enrolled = await db.from('enrollments').insert({ course_id: course.id, user_id: user.id, source: 'open' })
    if (enrolled.error) throw enrolled.error
    const zone = await db.from('profiles').update({ timezone: 'Asia/Tokyo' }).eq('id', user.id)
    if (zone.error) throw zone.error
    const plan = await db.from('study_plans').insert({
      user_id: user.id,
      course_id: course.id,
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      start_time: '09:00',
      minutes: 25,
      time_zone: 'Asia/Tokyo',
    })
    if (plan.error) throw plan.error
    const session = await db.from('study_sessions').insert({
      user_id: user.id,
      course_id: course.id,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 25 * 60_000).toISOString(),
    })
    if (session.error) throw session.error
  }

  beforeAll(async () => {
    ;[owner, learner, quiet] = (await Promise.all(
      ['rem-owner', 'rem-learner', 'rem-quiet'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    course = await school.course({ status: 'published', enrollment_mode: 'open', certificate_enabled: false })
    const titled = await admin().from('courses').update({ title: 'Knots & <Ropes>' }).eq('id', course.id)
    if (titled.error) throw titled.error
    const off = await admin()
      .from('notification_preferences')
      .insert({ user_id: quiet.id, kind: 'study_reminder', app: true, email: false })
    if (off.error) throw off.error
    await planSession(learner)
    await planSession(quiet)
  }, 60_000)

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner, quiet])
  }, 60_000)

  it('refuses any caller but the service role', async () => {
    const response = await sendReminders(learner.accessToken)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String) } })
  })

  it('emails a study session 15 minutes before, once, with its kind’s one-click unsubscribe link', async () => {
    // Two calls at once (two workers): the claim lets one of them send it.
    const calls = await Promise.all([sendReminders(serviceRoleKey), sendReminders(serviceRoleKey)])
    for (const call of calls) {
      expect(call.status).toBe(200)
      // The counts are of every reminder due on the stack, not only this test's.
      expect(await call.json()).toEqual({
        sent: expect.any(Number),
        failed: expect.any(Number),
        skipped: expect.any(Number),
      })
    }

    const [email] = await waitForEmails(learner.email)
    expect(email!.From).toMatchObject({ Name: 'Summit', Address: 'no-reply@summit.example' })
    expect(email!.Subject).toBe(`Your study session for Knots & <Ropes> starts at ${tokyoTime(startsAt)}`)
    expect(email!.Text).toMatch(/^Function Test School\n/)
    expect(email!.Text).toContain(`(Asia/Tokyo) and lasts 25 minutes.`)
    expect(email!.Text).toContain(`Open the course: ${appOrigin}/courses/${course.slug}`)
    expect(email!.Text).toContain('You get this email because you planned study sessions for Knots & <Ropes>')
    expect(email!.HTML).toContain('Knots &amp; &lt;Ropes&gt;')
    expect(email!.HTML).not.toContain('<Ropes>')

    // Again (a retry, or the scheduled job): nothing more.
    const again = await sendReminders(serviceRoleKey)
    expect(again.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await emailsTo(learner.email)).toHaveLength(1)

    // The learner who switched study reminders off by email got none, but the bell has it.
    expect(await emailsTo(quiet.email)).toHaveLength(0)
    const bell = await quiet.db.from('notifications').select('kind, payload')
    expect(bell.data).toEqual([
      {
        kind: 'study_reminder',
        payload: expect.objectContaining({ course_slug: course.slug, reminder: 'study_session' }),
      },
    ])

    // The footer's link is the unsubscribe function's, with a token signed for this learner and study reminders
    // (the unsubscribe function's own test follows such a link signed out).
    const unsubscribe = new URL(/Unsubscribe: (\S+)/.exec(email!.Text)?.[1] ?? '')
    expect(unsubscribe.origin + unsubscribe.pathname).toBe(`${apiUrl}/functions/v1/unsubscribe`)
    expect(unsubscribe.searchParams.get('token')).toBe(token(learner.id, 'study_reminder'))
    expect(email!.HTML).toContain(`href="${unsubscribe.href.replaceAll('&', '&amp;')}"`)
  })
})

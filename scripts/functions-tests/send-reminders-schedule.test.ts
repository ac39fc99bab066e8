// Integration: the scheduler itself delivers a reminder on time on the running stack. The test schedules the job's
// own command (`select private.queue_reminders()`, which the send-reminders job runs every minute) every 5 seconds
// with cron.schedule, as a migration would, plans a learner's study session so that its reminder comes due 8 seconds
// later (15 minutes before it starts), and reads the inbox: nothing before the moment it is due, the email within a
// few ticks after, once, and the job's runs recorded as succeeded. The job is unscheduled afterwards.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'
const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
const jobName = `send-reminders-test-${crypto.randomUUID().slice(0, 8)}`

async function subjectsTo(to: string): Promise<string[]> {
  const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  const { messages } = (await search.json()) as { messages: { Subject: string }[] }
  return messages.map((m) => m.Subject)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!apiUrl)('the send-reminders job on the scheduler', () => {
  const db = new pg.Client({ connectionString: dbUrl })
  let owner: TestUser, learner: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>

  beforeAll(async () => {
    await db.connect()
    ;[owner, learner] = (await Promise.all(['sched-owner', 'sched-learner'].map((label) => createUser(label)))) as [
      TestUser,
      TestUser,
    ]
    school = await createSchool(owner)
    const course = await school.course({ status: 'published', enrollment_mode: 'open', certificate_enabled: false })
    const service = admin()
    const enrolled = await service
      .from('enrollments')
      .insert({ course_id: course.id, user_id: learner.id, source: 'open' })
    if (enrolled.error) throw enrolled.error
    const plan = await service.from('study_plans').insert({
      user_id: learner.id,
      course_id: course.id,
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      start_time: '09:00',
      minutes: 20,
      time_zone: 'UTC',
    })
    if (plan.error) throw plan.error
  }, 60_000)

  afterAll(async () => {
    await db.query('select cron.unschedule(jobid) from cron.job where jobname = $1', [jobName]).catch(() => undefined)
    await db.end()
    await school?.remove()
    await deleteUsers([owner, learner])
  }, 60_000)

  it('sends a study session reminder when it comes due, not before, once', async () => {
    // Due 8 s from now: the session starts 15 minutes and 8 seconds from now.
    const dueAt = Date.now() + 8_000
    const startsAt = new Date(dueAt + 15 * 60_000)
    const session = await admin()
      .from('study_sessions')
      .insert({
        user_id: learner.id,
        course_id: (await admin().from('study_plans').select('course_id').eq('user_id', learner.id).single()).data!
          .course_id,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 20 * 60_000).toISOString(),
      })
    if (session.error) throw session.error
    await db.query(`select cron.schedule($1, '5 seconds', 'select private.queue_reminders()')`, [jobName])

    // Before it is due, the job runs and sends nothing.
    while (Date.now() < dueAt - 1_000) {
      expect(await subjectsTo(learner.email)).toEqual([])
      await sleep(500)
    }

    // After: the email arrives within a few 5-second ticks.
    const deadline = dueAt + 20_000
    let subjects: string[] = []
    while (Date.now() < deadline) {
      subjects = await subjectsTo(learner.email)
      if (subjects.length > 0) break
      await sleep(250)
    }
    expect(subjects).toEqual([expect.stringMatching(/^Your study session for Test course starts at \d\d:\d\d$/)])
    const arrivedAt = Date.now()
    expect(arrivedAt).toBeGreaterThanOrEqual(dueAt)

    // Later ticks send nothing more.
    await sleep(11_000)
    expect(await subjectsTo(learner.email)).toHaveLength(1)

    const runs = await db.query<{ status: string }>(
      `select d.status from cron.job_run_details d join cron.job j on j.jobid = d.jobid where j.jobname = $1 and d.status not in ('starting', 'running')`,
      [jobName],
    )
    expect(runs.rows.length).toBeGreaterThanOrEqual(3)
    expect(new Set(runs.rows.map((r) => r.status))).toEqual(new Set(['succeeded']))
  }, 90_000)
})

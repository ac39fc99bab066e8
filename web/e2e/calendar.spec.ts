// The calendar and study plans: a learner enrolled in a course opens /calendar (empty), is told why a plan with no
// day or a past target is refused (nothing saved), makes a plan and finds its sessions in the agenda, the month and
// the week and on home's "Upcoming"; after missing a session the plan says they are behind, and "I fell behind:
// replan" lays out the rest from now on while the missed session stays where it was. The private iCal address from
// /account serves the sessions as text/calendar until it is turned off (then 404). Visitors are sent to sign in; a
// calendar that cannot be loaded says so within 3 s and recovers with "Try again". No serious accessibility
// violation at 360 and 1280 px (the two projects).
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'
const course = { slug: 'web-accessibility-basics', title: 'Web Accessibility Basics' }
/** The demo course's lessons last 1,330 s (its quiz's 300 included): 23 minutes, so five 5-minute sessions cover it. */
const sessionTitle = `Study: ${course.title}`

async function openCalendar(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Calendar' }).click()
  } else {
    await page.goto('/calendar')
  }
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Your calendar', level: 1 })).toBeVisible({ timeout: 15_000 })
}

interface SessionRow {
  id: string
  starts_at: string
  ends_at: string
}

test('a learner plans a course, sees the sessions in every view, and replans after missing one', async ({ page }) => {
  // Several pages, two axe runs and a reload: minutes on a slow shared machine.
  test.setTimeout(240_000)
  const learner = await createConfirmedUser({ displayName: 'Planning Learner' })
  await enrollAs(learner, { slug: course.slug })

  await signIn(page, learner.email, learner.password)
  await openCalendar(page)
  await expect(page).toHaveTitle('Your calendar · Summit')
  await expect(page.getByRole('heading', { name: 'Nothing in these 30 days' })).toBeVisible()

  const card = page.getByRole('article', { name: course.title })
  await expect(card.getByText('No plan yet.')).toBeVisible()
  const form = card.getByRole('form', { name: 'Study plan' })

  // No day picked: refused in the form, with the database's own sentence.
  await form.getByRole('button', { name: 'Make a plan' }).click()
  await expect(form.getByText('Pick at least one day of the week.')).toBeVisible()

  // A target date in the past: refused by save_study_plan, the message beside the field, what was typed kept.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await form.getByRole('checkbox', { name: day }).check()
  }
  await form.getByLabel('Start time').fill('07:30')
  await form.getByLabel('Minutes per session').fill('5')
  await form.getByLabel('Target end date (optional)').fill('2020-01-06')
  await form.getByRole('button', { name: 'Make a plan' }).click()
  await expect(form.getByText('Pick a target date from today on.')).toBeVisible({ timeout: 15_000 })
  await expect(card.getByText('No plan yet.')).toBeVisible()
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).toBeChecked()
  await expect(form.getByLabel('Minutes per session')).toHaveValue('5')

  // Without a target: five sessions cover the course's 23 minutes.
  await form.getByLabel('Target end date (optional)').fill('')
  await form.getByRole('button', { name: 'Make a plan' }).click()
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 15_000 })
  await expect(card.getByTestId('plan-summary')).toHaveText(/^5 sessions ahead, last on \d{1,2} \w{3}\.$/)
  await expect(card.getByTestId('plan-behind')).toHaveCount(0)

  // The agenda lists them, each at 07:30 for 5 minutes.
  const agenda = page.getByRole('list', { name: 'Agenda' })
  const studyItems = agenda.locator('li[data-kind="study"]')
  await expect(studyItems).toHaveCount(5)
  await expect(studyItems.first()).toContainText('Study session · 07:30–07:35')
  await expectNoSeriousViolations(page)

  // The month: the first session's day names its item; the week lists the sessions in it.
  const client = await learnerClient(learner.email, learner.password)
  const planned = await sessionsOf(client)
  expect(planned).toHaveLength(5)
  const firstDay = await agenda.locator('li[data-day]').first().getAttribute('data-day')
  await page.getByRole('tab', { name: 'Month' }).click()
  await expect(page).toHaveURL(/view=month/)
  const month = page.getByRole('grid')
  await expect(month).toBeVisible()
  const firstCell = month.locator(`[data-day="${firstDay}"]`)
  await expect(firstCell).toHaveAttribute('aria-label', /: 1 item$/)
  await firstCell.click()
  await expect(page.getByRole('list', { name: /^Items on / }).getByText(sessionTitle)).toBeVisible()
  // The week opens on the day chosen in the month (the first session may fall in next week, on a Sunday say).
  await page.getByRole('tab', { name: 'Week' }).click()
  await expect(page).toHaveURL(new RegExp(`view=week&date=${firstDay}`))
  await expect(page.getByText(sessionTitle).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  // Home's "Upcoming" shows the next three.
  await page.goto('/')
  const upcoming = page.getByRole('region', { name: 'Upcoming' })
  await expect(upcoming.locator('li[data-kind="study"]')).toHaveCount(3, { timeout: 15_000 })
  await expect(upcoming.locator('li[data-kind="study"]').first()).toContainText(sessionTitle)

  // Missing a session: the first one moves into the past, as if its day had gone by unstudied. Learners cannot write
  // sessions (the plan lays them out), so the clock is moved for that one row in the database.
  const [missed] = planned
  if (!missed) throw new Error('no session planned')
  const pastRow = await moveIntoPast(missed.id, 2)

  await page.goto('/calendar')
  await expect(card.getByTestId('plan-summary')).toHaveText(/^4 sessions ahead/, { timeout: 15_000 })
  await expect(card.getByTestId('plan-behind')).toContainText("You're behind: 3 minutes are not planned.")
  await card.getByRole('button', { name: 'I fell behind: replan' }).click()
  await expect(card.getByTestId('plan-behind')).toHaveCount(0, { timeout: 15_000 })
  await expect(card.getByTestId('plan-summary')).toHaveText(/^5 sessions ahead/)

  // The missed session is history: still there, unchanged; five new ones lie ahead.
  const after = await sessionsOf(client)
  const [first] = after
  expect(first && { ...first, starts_at: Date.parse(first.starts_at), ends_at: Date.parse(first.ends_at) }).toEqual({
    ...pastRow,
    starts_at: Date.parse(pastRow.starts_at),
    ends_at: Date.parse(pastRow.ends_at),
  })
  expect(after.slice(1).filter((s) => Date.parse(s.starts_at) > Date.now())).toHaveLength(5)
  await client.auth.signOut()
})

/** The learner's study sessions, as RLS lets them read their own, by start. */
async function sessionsOf(client: Awaited<ReturnType<typeof learnerClient>>): Promise<SessionRow[]> {
  const { data, error } = await client
    .from('study_sessions')
    .select('id, starts_at, ends_at')
    .order('starts_at')
    .returns<SessionRow[]>()
  if (error) throw new Error(`reading the sessions: ${error.message}`)
  return data
}

async function courseId(client: Awaited<ReturnType<typeof learnerClient>>): Promise<string> {
  const { data, error } = await client.from('courses').select('id').eq('slug', course.slug).single<{ id: string }>()
  if (error) throw new Error(`reading ${course.slug}: ${error.message}`)
  return data.id
}

/** Moves a study session `days` days back, keeping its length (the database's own session, as the plan made it). */
async function moveIntoPast(id: string, days: number): Promise<SessionRow> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; starts_at: Date; ends_at: Date }>(
      `update public.study_sessions
       set starts_at = date_trunc('minute', now()) - make_interval(days => $2),
         ends_at = date_trunc('minute', now()) - make_interval(days => $2) + (ends_at - starts_at)
       where id = $1 returning id, starts_at, ends_at`,
      [id, days],
    )
    const row = rows[0]
    if (!row) throw new Error(`no study session ${id}`)
    return { id: row.id, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() }
  } finally {
    await client.end()
  }
}

test('the private calendar address serves the plan as iCalendar until it is turned off', async ({ page, request }) => {
  test.setTimeout(180_000)
  const learner = await createConfirmedUser({ displayName: 'Subscribing Learner' })
  await enrollAs(learner, { slug: course.slug })
  const client = await learnerClient(learner.email, learner.password)
  const saved = await client.rpc('save_study_plan', {
    course_id: await courseId(client),
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    start_time: '18:00',
    minutes: 10,
  })
  if (saved.error) throw new Error(`save_study_plan: ${saved.error.message}`)
  await client.auth.signOut()

  await signIn(page, learner.email, learner.password, '/account')
  const section = page.getByRole('region', { name: 'Subscribe in your calendar' })
  await section.getByRole('button', { name: 'Create a subscription URL' }).click({ timeout: 15_000 })
  const address = await section.getByLabel('Subscription URL').inputValue({ timeout: 15_000 })
  expect(address).toMatch(/\/functions\/v1\/calendar-feed/)
  await expect(section.getByRole('link', { name: 'Open in your calendar app (webcal link)' })).toHaveAttribute(
    'href',
    /^webcal:\/\//,
  )

  // A calendar app fetches it without any other credential.
  const feed = await request.get(address)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const text = await feed.text()
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(text.match(/\r\nBEGIN:VEVENT\r\n/g)).toHaveLength(3)
  expect(text.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${sessionTitle}`)
  await expectNoSeriousViolations(page)

  await section.getByRole('button', { name: 'Turn off' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click()
  await expect(section.getByRole('button', { name: 'Create a subscription URL' })).toBeVisible({ timeout: 15_000 })
  const revoked = await request.get(address)
  expect(revoked.status()).toBe(404)
})

test('a visitor is sent to sign in, and a calendar that cannot be loaded says so and recovers', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto('/calendar')
  await expect(page).toHaveURL(/\/auth\/sign-in/, { timeout: 15_000 })

  const learner = await createConfirmedUser({ displayName: 'Offline Planner' })
  await signIn(page, learner.email, learner.password)
  // Timed from the page's first call for its items, checking every animation frame: the error within 3 s. Home's
  // "Upcoming" asks for items too: leave it first, so none of its calls is taken for the calendar's.
  await page.goto('about:blank')
  let firstCall: number | null = null
  await page.route('**/rest/v1/rpc/calendar_items', (route) => {
    firstCall ??= Date.now()
    return route.abort('connectionrefused')
  })
  await page.goto('/calendar')
  await page.waitForFunction(() => document.body.innerText.includes('Your calendar could not be loaded.'), undefined, {
    polling: 'raf',
    timeout: 20_000,
  })
  expect(firstCall, 'the calendar asked for its items').not.toBeNull()
  expect(Date.now() - (firstCall ?? 0)).toBeLessThan(3000)
  await expect(page.getByText('Your calendar could not be loaded.')).toBeVisible()
  await page.unroute('**/rest/v1/rpc/calendar_items')
  await page.getByRole('button', { name: 'Try again' }).first().click()
  await expect(page.getByRole('heading', { name: 'Nothing in these 30 days' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'No course to plan yet' })).toBeVisible()
})

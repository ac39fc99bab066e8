// Stats and the weekly goal: a learner who ticked two lessons today opens /stats from the header (title, streak,
// each chart's table with the numbers learner_stats() gives, the heatmap walked with the arrow keys), then sets a
// weekly goal on home that survives a reload. Visitors are sent to sign in; an API that is down shows an error with
// "Try again" within 3 s. No serious accessibility violation at 360 and 1280 px (the two projects).
import { expect, test } from '@playwright/test'
import { createConfirmedUser, expectNoSeriousViolations, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

const slug = 'web-accessibility-basics'
/** Two text lessons of the demo course whose completion is a manual tick. */
const lessonIds = ['e0000000-0000-4000-8000-000000001002', 'e0000000-0000-4000-8000-000000001005']

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October']
months.push('November', 'December')

/** "Tuesday 3 November" for a calendar date, `days` after `day` (the page's own wording). */
function longDay(day: string, days = 0): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return `${weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${months[date.getUTCMonth()]}`
}

interface StatsAnswer {
  today: string
  minutes_per_day: { day: string; minutes: number }[]
  lessons_per_week: { week_start: string; lessons: number }[]
  minutes_per_week: { week_start: string; minutes: number }[]
}

test('a learner reads their stats, walks the heatmap by keyboard and sets a weekly goal', async ({ page }) => {
  // Two pages, two axe runs and a reload: minutes on a slow shared machine.
  test.setTimeout(240_000)
  const learner = await createConfirmedUser({ displayName: 'Steady Learner' })
  await enrollAs(learner, { slug })
  const client = await learnerClient(learner.email, learner.password)
  for (const id of lessonIds) {
    const saved = await client.rpc('save_progress', { lesson_id: id, position_s: 0, watched_s: 0, completed: true })
    if (saved.error) throw new Error(`ticking ${id}: ${saved.error.message}`)
  }
  const answer = await client.rpc('learner_stats')
  if (answer.error) throw new Error(`learner_stats: ${answer.error.message}`)
  const stats = answer.data as StatsAnswer
  await client.auth.signOut()
  const today = stats.today
  const todayMinutes = stats.minutes_per_day.at(-1)?.minutes ?? 0

  await signIn(page, learner.email, learner.password)
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Stats' }).click()
  } else {
    await page.goto('/stats')
  }
  await expect(page).toHaveURL(/\/stats$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Your stats', level: 1 })).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveTitle('Your stats · Summit')
  await expect(page.getByTestId('current-streak')).toHaveText('1 day')

  // The tables are the charts' text: today's row and this week's rows carry the two lessons.
  const perDay = page.getByRole('table', { name: 'Minutes studied per day, last 30 days' })
  await expect(perDay.getByRole('row')).toHaveCount(31)
  await expect(perDay.getByRole('row', { name: longDay(today) }).getByRole('cell')).toHaveText(String(todayMinutes))
  const lessonsPerWeek = page.getByRole('table', { name: 'Lessons completed per week, last 12 weeks' })
  await expect(lessonsPerWeek.getByRole('row')).toHaveCount(13)
  await expect(lessonsPerWeek.getByRole('row').last().getByRole('cell')).toHaveText('2')
  const minutesPerWeek = page.getByRole('table', { name: 'Minutes studied per week, last 12 weeks' })
  await expect(minutesPerWeek.getByRole('row').last().getByRole('cell')).toHaveText(
    String(stats.minutes_per_week.at(-1)?.minutes ?? 0),
  )

  // The heatmap: today's cell is the one in the tab order; the arrows move by week and by day.
  const heatmap = page.getByRole('grid', { name: 'Activity, last 12 weeks' })
  const todayCell = heatmap.getByRole('gridcell', {
    name: `${longDay(today)}: ${todayMinutes === 1 ? '1 minute' : `${todayMinutes} minutes`}, 2 lessons, a study day`,
  })
  await expect(todayCell).toHaveAttribute('tabindex', '0')
  await todayCell.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(heatmap.getByRole('gridcell', { name: `${longDay(today, -7)}: 0 minutes, 0 lessons` })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(todayCell).toBeFocused()
  await page.keyboard.press('Home')
  await expect(heatmap.getByRole('gridcell', { name: new RegExp(`^${longDay(today, -77)}:`) })).toBeFocused()
  await page.getByRole('button', { name: 'Show the activity as a table' }).click()
  await expect(
    page.getByRole('table', { name: 'Days with activity, last 12 weeks' }).getByRole('row', { name: longDay(today) }),
  ).toContainText('2')
  await expectNoSeriousViolations(page)

  // Home: this week's goal card, and a new goal that is still there after a reload.
  await page.goto('/')
  const card = page.getByRole('region', { name: 'Weekly goal' })
  await expect(card.getByTestId('goal-progress')).toHaveText('1 of 3 days this week', { timeout: 15_000 })
  await expect(card.getByText(`${longDay(today)} (today): studied`)).toBeAttached()
  await card.getByLabel('Goal').selectOption('5')
  await expect(card.getByText('Saved.')).toBeVisible()
  await expect(card.getByTestId('goal-progress')).toHaveText('1 of 5 days this week')
  await expectNoSeriousViolations(page)
  await page.reload()
  await expect(card.getByLabel('Goal')).toHaveValue('5', { timeout: 15_000 })
  await expect(card.getByTestId('goal-progress')).toHaveText('1 of 5 days this week')
})

test('a new learner sees a way to start, and a visitor is sent to sign in', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/stats')
  await expect(page).toHaveURL(/\/auth\/sign-in/, { timeout: 15_000 })

  const learner = await createConfirmedUser({ displayName: 'New Learner' })
  await signIn(page, learner.email, learner.password, '/stats')
  await expect(page.getByRole('heading', { name: 'No study time yet' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/courses')
  await expectNoSeriousViolations(page)
})

test('stats that cannot be loaded say so quickly and can be retried', async ({ page }) => {
  test.setTimeout(60_000)
  const learner = await createConfirmedUser({ displayName: 'Offline Learner' })
  await signIn(page, learner.email, learner.password)
  await page.route('**/rest/v1/rpc/learner_stats', (route) => route.abort('connectionrefused'))
  await page.goto('/stats')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 })
  await page.unroute('**/rest/v1/rpc/learner_stats')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'No study time yet' })).toBeVisible({ timeout: 15_000 })
})

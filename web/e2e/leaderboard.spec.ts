// The opt-in leaderboard and "learning now", on a course of the test's own: a learner turns on "Show me on the
// leaderboards" on /achievements and sees the course's board; a classmate who opts in appears live, and their study
// time (written as the service writes progress) moves the board live; a classmate who did not opt in never shows,
// whatever they study. On the course page each learner with it open counts once. Axe finds nothing serious at either
// width.
import { expect, test } from '@playwright/test'
import { apiUrl, createConfirmedUser, expectNoSeriousViolations, secretKey, signIn } from './support'
import { enrollAs } from './support/enrollment'
import { learnerClient } from './support/learner-client'

/** A service-role request to the Data API; answers the JSON body. */
async function service(pathAndQuery: string, method: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${apiUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: {
      apikey: secretKey,
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation,resolution=merge-duplicates',
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${await response.text()}`)
  return response.json()
}

/**
 * A published open course of its own (one section, one lesson) in a new school owned by `ownerId`, so the board and
 * the presence count hold only this test's people whatever else runs at the same time.
 */
async function ownCourse(tag: string, ownerId: string): Promise<{ slug: string; courseId: string; lessonId: string }> {
  const [school] = (await service('schools', 'POST', {
    slug: `lb-school-${tag}`,
    name: `Leaderboard School ${tag}`,
  })) as { id: string }[]
  await service('school_members', 'POST', { school_id: school!.id, user_id: ownerId, role: 'owner' })
  const slug = `lb-course-${tag}`
  const [course] = (await service('courses', 'POST', {
    school_id: school!.id,
    slug,
    title: `Leaderboard Course ${tag}`,
  })) as { id: string }[]
  const [section] = (await service('course_sections', 'POST', {
    course_id: course!.id,
    position: 1,
    title: 'Only section',
  })) as { id: string }[]
  const [lesson] = (await service('lessons', 'POST', {
    course_id: course!.id,
    section_id: section!.id,
    position: 1,
    title: 'Only lesson',
    kind: 'text',
    duration_s: 3600,
  })) as { id: string }[]
  await service(`courses?id=eq.${course!.id}`, 'PATCH', { status: 'published', published_at: new Date().toISOString() })
  return { slug, courseId: course!.id, lessonId: lesson!.id }
}

/** `seconds` of study for `userId` on the lesson, written as the service role writes progress. */
async function studied(userId: string, course: { courseId: string; lessonId: string }, seconds: number) {
  await service('lesson_progress?on_conflict=user_id,lesson_id', 'POST', {
    user_id: userId,
    lesson_id: course.lessonId,
    course_id: course.courseId,
    position_s: 0,
    watched_s: seconds,
  })
}

test('an opted-in learner sees classmates who opted in, live, and who is learning now', async ({ page, browser }) => {
  // Three users, two contexts, Realtime round trips and an axe scan: more than the default on a busy machine.
  test.setTimeout(180_000)
  const tag = Math.random().toString(36).slice(2, 7)
  const me = await createConfirmedUser({ displayName: `Mia ${tag}` })
  const mate = await createConfirmedUser({ displayName: `Max ${tag}` })
  const shy = await createConfirmedUser({ displayName: `Sky ${tag}` })
  const owner = await createConfirmedUser({ displayName: `Owen ${tag}` })
  const course = await ownCourse(tag, owner.id)
  const { slug } = course
  for (const user of [me, mate, shy]) await enrollAs(user, { slug })

  await signIn(page, me.email, me.password, '/achievements')
  await expect(page.getByRole('heading', { level: 2, name: 'Leaderboards' })).toBeVisible({ timeout: 15_000 })
  const optIn = page.getByRole('checkbox', { name: 'Show me on the leaderboards of my courses' })
  await expect(optIn).not.toBeChecked()
  const board = page.getByRole('table', { name: "This week's minutes" })
  await expect(page.getByText('Nobody is on this leaderboard yet.')).toBeVisible()
  await optIn.click()
  await expect(optIn).toBeChecked()
  await expect(board.getByRole('row', { name: new RegExp(`Mia ${tag}.*\\(you\\)`) })).toBeVisible()
  await expect(page.getByTestId('leaderboard-live')).toHaveText('Updates live', { timeout: 20_000 })
  await expectNoSeriousViolations(page)

  // A classmate opts in: they appear without a reload.
  const mateClient = await learnerClient(mate.email, mate.password)
  const { error } = await mateClient.from('profiles').update({ leaderboard_opt_in: true }).eq('id', mate.id)
  if (error) throw new Error(`opting in: ${error.message}`)
  await expect(board.getByRole('row', { name: new RegExp(`Max ${tag}`) })).toBeVisible({ timeout: 20_000 })

  // Their study time moves the board, live; the classmate who did not opt in studies more and never shows.
  await studied(shy.id, course, 1800)
  await studied(mate.id, course, 600)
  const mateRow = board.getByRole('row', { name: new RegExp(`Max ${tag}`) })
  await expect(mateRow.getByRole('cell').last()).toHaveText('10', { timeout: 20_000 })
  await expect(mateRow.getByRole('cell').first()).toHaveText('1')
  await expect(
    board
      .getByRole('row', { name: new RegExp(`Mia ${tag}`) })
      .getByRole('cell')
      .first(),
  ).toHaveText('2')
  await expect(board.getByText(`Sky ${tag}`)).toHaveCount(0)

  // The course page: each learner with it open counts once.
  await page.goto(`/courses/${slug}`)
  await expect(page.getByTestId('learning-now')).toHaveText('Only you are here right now', { timeout: 30_000 })
  const other = await browser.newContext()
  const matePage = await other.newPage()
  await signIn(matePage, mate.email, mate.password, `/courses/${slug}`)
  await expect(matePage.getByTestId('learning-now')).toHaveText('2 learning now', { timeout: 30_000 })
  await expect(page.getByTestId('learning-now')).toHaveText('2 learning now', { timeout: 30_000 })
  await other.close()
  await expect(page.getByTestId('learning-now')).toHaveText('Only you are here right now', { timeout: 30_000 })
  await mateClient.auth.signOut()
})

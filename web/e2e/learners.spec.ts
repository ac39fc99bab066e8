// Journeys of the learners page (/studio/courses/$courseId/learners): the demo instructor sees the roster of the
// open demo course, searches, sorts, exports it as CSV and invites a learner by email (shown as Invited, without a
// name, until they accept); removing needs a second factor (the page explains it), and a learner removed from a
// second-factor session loses the lesson open in their player within seconds, without a reload. Removal from aal2 runs test-side: the app has no MFA sign-in until M4, so a
// fresh instructor of the demo school enrolls TOTP through supabase-js and verifies a code computed here.
import { createHmac } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { apiUrl, createConfirmedUser, publishableKey, secretKey, signIn } from './support'
import { expectNoSidewaysScroll, phoneWidth } from './support/viewport'

const courseId = 'c0000000-0000-4000-8000-000000000001' // web-accessibility-basics (open), seed.sql
const courseSlug = 'web-accessibility-basics'
const schoolId = 'b0000000-0000-4000-8000-000000000001' // Summit Academy
const learnersUrl = `/studio/courses/${courseId}/learners`

// Node 20 has no WebSocket, and supabase-js builds its realtime client in createClient; these clients never use it.
class NoRealtime {
  constructor() {
    throw new Error('the test-side clients open no realtime socket')
  }
}

const serverClient = (key: string) =>
  createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  })

/** A name no other run (or the other screen width, running at the same time) uses. */
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`

// The seed's learners: their first letters differ, so every collation (C here, en_US on a hosted database) puts them
// in the same order, whatever other journeys running meanwhile add to the course.
const demoLearners = ['Aisha Bello', 'Kenji Watanabe', 'Lea Learner', 'Marco Rossi', 'Noah Fischer', 'Sofia Hernández']

/** Whether the seed's learners among `names` (at least `atLeast` of them) come in alphabetical order (or its reverse). */
/** The most lines any one piece of an element's text takes on screen: 1 when text breaks only between its pieces
 * (an email may wrap after its @, at a <wbr>, never inside the name or the domain). */
async function linesPerPiece(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let most = 0
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      const boxes = Array.from(range.getClientRects()).filter((rect) => rect.width > 0)
      most = Math.max(most, new Set(boxes.map((rect) => Math.round(rect.top))).size)
    }
    return most
  })
}

function inOrder(names: string[], direction: 'asc' | 'desc', atLeast = 2): boolean {
  const seen = names.filter((name) => demoLearners.includes(name))
  const sorted = demoLearners.filter((name) => seen.includes(name))
  if (direction === 'desc') sorted.reverse()
  return seen.length >= atLeast && seen.every((name, i) => name === sorted[i])
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for a base32 secret, as authenticator apps compute it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0xf
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** A new instructor of the demo school, signed in with a verified TOTP factor: an aal2 session. */
async function aal2Instructor() {
  const user = await createConfirmedUser({ displayName: 'E2E Second Factor' })
  const service = serverClient(secretKey)
  // Memberships come from invitations the service role records; this one stands in for an accepted invitation.
  const member = await service
    .from('school_members')
    .insert({ school_id: schoolId, user_id: user.id, role: 'instructor' })
  if (member.error) throw member.error
  const db = serverClient(publishableKey)
  const signedIn = await db.auth.signInWithPassword({ email: user.email, password: user.password })
  if (signedIn.error) throw signedIn.error
  const factor = await db.auth.mfa.enroll({ factorType: 'totp' })
  if (factor.error) throw factor.error
  const verified = await db.auth.mfa.challengeAndVerify({
    factorId: factor.data.id,
    code: totp(factor.data.totp.secret),
  })
  if (verified.error) throw verified.error
  const level = await db.auth.mfa.getAuthenticatorAssuranceLevel()
  expect(level.data?.currentLevel).toBe('aal2')
  return db
}

async function firstLessonId(): Promise<string> {
  const { data, error } = await serverClient(publishableKey)
    .from('course_sections')
    .select('position, lessons(id, position)')
    .eq('course_id', courseId)
    .order('position')
    .limit(1)
    .single()
  if (error) throw error
  const lesson = [...data.lessons].sort((a, b) => a.position - b.position)[0]
  if (!lesson) throw new Error('the demo course has no lesson in its first section')
  return lesson.id
}

test.describe('learners page', () => {
  // Journeys of several steps on a machine shared with the stack: sign-ins, Realtime and axe need more than 30 s.
  test.slow()

  test('the instructor sees the roster, searches, sorts, exports CSV and invites a learner by email', async ({
    page,
  }) => {
    const newcomer = await createConfirmedUser({ displayName: uniqueName('Quinn') })
    await signIn(page, 'instructor@example.com', 'summit-demo', `/studio/courses/${courseId}`)
    await page.getByRole('link', { name: 'Learners', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${learnersUrl}$`))
    await expect(page).toHaveTitle('Learners · Web Accessibility Basics · Studio · Summit')

    // The newest enrollments come first, 25 to a page: journeys running meanwhile enroll learners in this course too,
    // so a seed learner is found by searching, not expected on the first page.
    const table = page.getByRole('table')
    await expect(table.getByRole('rowheader').first()).toBeVisible()
    expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([])

    // Search (debounced, in the URL, by email too), then clear it.
    await page.getByLabel('Search learners').fill('MARCO@')
    await expect(page).toHaveURL(/[?&]q=/)
    await expect(table.getByRole('rowheader')).toHaveText(['Marco Rossi'])
    const marcoEmail = table.getByRole('cell', { name: 'marco@example.com' })
    await expect(marcoEmail).toBeVisible()
    // The email never breaks inside its name or domain at either width, and at 360 px the roster is cards in the
    // page's width: nothing scrolls sideways.
    expect(await linesPerPiece(marcoEmail)).toBe(1)
    if (page.viewportSize()?.width === phoneWidth) await expectNoSidewaysScroll(page)
    await page.getByLabel('Search learners').fill('')
    await expect(table.getByRole('rowheader')).not.toHaveCount(1)

    // Sort by name: the header says so, and the names come in order both ways.
    const nameHeader = table.getByRole('columnheader', { name: 'Name' })
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    // No learner of any journey sorts before Aisha; learners the journeys enroll ("E2E Learner", ...) may fill the rest
    // of the first page, so one seed learner there is enough, and those that are there must be in order.
    await expect(table.getByRole('rowheader').first()).toHaveText('Aisha Bello')
    await expect.poll(async () => inOrder(await table.getByRole('rowheader').allInnerTexts(), 'asc', 1)).toBe(true)
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(async () => inOrder(await table.getByRole('rowheader').allInnerTexts(), 'desc')).toBe(true)
    const shown = await table.getByRole('rowheader').count()

    // CSV of the filtered roster.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^web-accessibility-basics-learners-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Name,Email,Cohort,Source,Status,Enrolled at,Last activity at,Lessons done,Lessons total,Progress %,Minutes studied',
    )
    expect(lines.some((line) => line.startsWith('Marco Rossi,marco@example.com,'))).toBe(true)
    // Learners added meanwhile by journeys running in parallel may be in the file too, never fewer than were shown.
    expect(lines.length - 1).toBeGreaterThanOrEqual(shown)

    // Add by email: a list with nothing readable is refused before sending; otherwise the valid address is invited
    // and the unreadable one listed back. The roster shows the invitation by its email as Invited, without a name,
    // until the person accepts.
    await page.getByRole('button', { name: 'Add learners' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add learners by email' })
    await dialog.getByLabel('Email addresses').fill('not-an-address')
    await dialog.getByRole('button', { name: 'Invite learners' }).click()
    await expect(dialog.getByText('This is not an email address: not-an-address.')).toBeVisible()
    await dialog.getByLabel('Email addresses').fill(`${newcomer.email.toUpperCase()}\nnot-an-address`)
    await dialog.getByRole('button', { name: 'Invite learners' }).click()
    const results = dialog.getByRole('status').getByRole('listitem')
    await expect(results.filter({ hasText: newcomer.email })).toContainText(/Invited/)
    await expect(results.filter({ hasText: 'not-an-address' })).toContainText('Could not read this address')
    await page.keyboard.press('Escape')
    await page.getByLabel('Search learners').fill(newcomer.email)
    const invited = table.getByRole('row').filter({ hasText: newcomer.email })
    await expect(invited.getByText('Invited', { exact: true })).toBeVisible()
    await expect(invited.getByText('Added by email')).toBeVisible()
    await expect(table.getByText(newcomer.displayName)).toHaveCount(0)
  })

  test('an unknown course is not found', async ({ page }) => {
    await signIn(page, 'instructor@example.com', 'summit-demo', '/studio')
    await page.goto('/studio/courses/c0000000-0000-4000-8000-00000000dead/learners')
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible()
  })

  test('a removed learner loses the lesson open in their player at once', async ({ page, browser }) => {
    const learner = await createConfirmedUser({ displayName: uniqueName('Rory') })
    const name = learner.displayName
    const lessonId = await firstLessonId()

    // The instructor invites the learner by email, then tries to remove them from a password (aal1) session.
    await signIn(page, 'instructor@example.com', 'summit-demo', learnersUrl)
    await page.getByRole('button', { name: 'Add learners' }).click()
    await page.getByRole('dialog').getByLabel('Email addresses').fill(learner.email)
    await page.getByRole('dialog').getByRole('button', { name: 'Invite learners' }).click()
    await expect(page.getByRole('dialog').getByRole('status').getByRole('listitem')).toContainText(/Invited/)
    await page.keyboard.press('Escape')

    // The learner accepts on their home page and opens a lesson in their own browser.
    const learnerContext = await browser.newContext()
    const player = await learnerContext.newPage()
    await signIn(player, learner.email, learner.password, '/')
    const invitations = player.getByRole('region', { name: 'Course invitations' })
    await invitations.getByRole('button', { name: 'Accept the invitation to Web Accessibility Basics' }).click()
    await expect(invitations.getByRole('status')).toContainText('You joined Web Accessibility Basics')
    await player.goto(`/learn/${courseSlug}/${lessonId}`)
    await expect(player.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(player.getByText('You no longer have access to this course')).toHaveCount(0)

    await page.getByLabel('Search learners').fill(name)
    await page.getByRole('button', { name: `Remove ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: `Remove ${name}?` })
    await confirm.getByRole('button', { name: 'Remove learner' }).click()
    await expect(confirm.getByText('Say why the learner is removed.')).toBeVisible()
    await confirm.getByLabel('Reason').fill('Shared their account')
    await confirm.getByRole('button', { name: 'Remove learner' }).click()
    // The step-up dialog asks for a second factor; this instructor has none, and cancels: the refusal is explained.
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await stepUp.getByRole('button', { name: 'Cancel' }).click()
    await expect(stepUp).toBeHidden()
    await expect(confirm.getByText(/Removing a learner needs two-factor sign-in/)).toBeVisible()
    await expect(confirm.getByLabel('Reason')).toHaveValue('Shared their account')

    // From a second-factor session the removal goes through, and the open player stops without a reload.
    const secondFactor = await aal2Instructor()
    const { data: enrollment, error } = await serverClient(secretKey)
      .from('enrollments')
      .select('id')
      .eq('course_id', courseId)
      .eq('user_id', learner.id)
      .single()
    if (error) throw error
    const removed = await secondFactor.rpc('remove_learner', {
      enrollment_id: enrollment.id,
      reason: 'Shared their account',
    })
    expect(removed.error).toBeNull()

    const notice = player.getByRole('alertdialog', { name: 'You no longer have access to this course' })
    await expect(notice).toBeVisible({ timeout: 5_000 })
    await expect(notice.getByRole('link', { name: 'Go to the course page' })).toHaveAttribute(
      'href',
      `/courses/${courseSlug}`,
    )
    for (const paused of await player
      .locator('video')
      .evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).paused)))
      expect(paused).toBe(true)

    // The roster shows the removal with its reason.
    await page.keyboard.press('Escape')
    await page.getByLabel('Status').selectOption('removed')
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([name])
    await learnerContext.close()
  })
})

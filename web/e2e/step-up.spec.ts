// Step-up from the studio: an instructor signed in with the password only (aal1) removes a learner; the database
// asks for a second factor, the step-up dialog asks for the authenticator app's code (a wrong one is refused in the
// dialog), and the removal goes through without starting over. Cancelling the dialog leaves the explanation and the
// learner. The authenticator app is added while the instructor is signed in (a verified factor written as Auth stores
// one), as when a factor is set up in another tab after this one signed in.
import { expect, test, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import {
  apiUrl,
  createConfirmedUser,
  expectNoSeriousViolations,
  secretKey,
  signIn,
  type TestUser,
  totpCode,
} from './support'
import { learnerClient } from './support/learner-client'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'
const courseId = 'c0000000-0000-4000-8000-000000000001' // web-accessibility-basics (open), seed.sql
const schoolId = 'b0000000-0000-4000-8000-000000000001' // Summit Academy
const learnersUrl = `/studio/courses/${courseId}/learners`

class NoRealtime {
  constructor() {
    throw new Error('the test-side clients open no realtime socket')
  }
}

const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`

/** A new instructor of the demo school and a new learner enrolled in its open course. */
async function instructorAndLearner(): Promise<{ instructor: TestUser; learner: TestUser }> {
  const instructor = await createConfirmedUser({ displayName: uniqueName('Ivy') })
  const service = createClient(apiUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  })
  // Memberships come from invitations the service role records; this one stands in for an accepted invitation.
  const member = await service
    .from('school_members')
    .insert({ school_id: schoolId, user_id: instructor.id, role: 'instructor' })
  if (member.error) throw member.error
  const learner = await createConfirmedUser({ displayName: uniqueName('Lio') })
  const enrolled = await (
    await learnerClient(learner.email, learner.password)
  ).functions.invoke('enroll', { body: { slug: 'web-accessibility-basics' } })
  if (enrolled.error) throw enrolled.error
  return { instructor, learner }
}

/** Gives the user a verified TOTP factor with a fresh secret, stored as Supabase Auth stores one. */
async function addAuthenticatorApp(userId: string): Promise<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  const secret = Array.from({ length: 32 }, () => alphabet[Math.floor(Math.random() * 32)]).join('')
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    await client.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'Work phone', 'totp', 'verified', now(), now(), $2)`,
      [userId, secret],
    )
  } finally {
    await client.end()
  }
  return secret
}

async function openRemoval(page: Page, name: string) {
  await page.getByLabel('Search learners').fill(name)
  // The roster loads after the page (a machine shared with the stack can take a while).
  await page.getByRole('button', { name: `Remove ${name}` }).click({ timeout: 30_000 })
  const confirm = page.getByRole('dialog', { name: `Remove ${name}?` })
  await confirm.getByLabel('Reason').fill('Left the team')
  await confirm.getByRole('button', { name: 'Remove learner' }).click()
  return confirm
}

test.describe('step-up', () => {
  // Several sign-ins, a function call, Auth's MFA calls and axe on a machine shared with the stack.
  test.setTimeout(180_000)

  test('removing a learner asks for the authenticator code, then the removal goes through', async ({ page }) => {
    const { instructor, learner } = await instructorAndLearner()
    await signIn(page, instructor.email, instructor.password, learnersUrl)
    await expect(page.getByLabel('Search learners')).toBeVisible({ timeout: 30_000 })
    const secret = await addAuthenticatorApp(instructor.id)

    const confirm = await openRemoval(page, learner.displayName)
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await expect(stepUp).toContainText('Enter the 6-digit code from your authenticator app.')
    await expect(stepUp.getByText('From Work phone.')).toBeVisible()
    await expect(stepUp.getByLabel('6-digit code')).toBeFocused()
    await expectNoSeriousViolations(page)

    // A code of another time is refused in the dialog; the removal waits.
    await stepUp.getByLabel('6-digit code').fill(totpCode(secret, Date.now(), 20))
    await stepUp.getByRole('button', { name: 'Confirm' }).click()
    await expect(stepUp.getByRole('alert')).toContainText('That code didn’t work.')

    await stepUp.getByLabel('6-digit code').fill(totpCode(secret))
    await stepUp.getByRole('button', { name: 'Confirm' }).click()
    await expect(stepUp).toBeHidden()
    await expect(confirm).toBeHidden()

    // The roster shows the removal; no explanation was needed.
    await page.getByLabel('Status').selectOption('removed')
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([learner.displayName])
  })

  test('cancelling the step-up leaves the explanation and the learner', async ({ page }) => {
    const { instructor, learner } = await instructorAndLearner()
    await signIn(page, instructor.email, instructor.password, learnersUrl)
    await expect(page.getByLabel('Search learners')).toBeVisible({ timeout: 30_000 })
    await addAuthenticatorApp(instructor.id)

    const confirm = await openRemoval(page, learner.displayName)
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await expect(stepUp.getByLabel('6-digit code')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(stepUp).toBeHidden()

    // The removal form stays open, with its reason and the explanation.
    await expect(confirm.getByText(/Removing a learner needs two-factor sign-in/)).toBeVisible()
    await expect(confirm.getByLabel('Reason')).toHaveValue('Left the team')
    await expectNoSeriousViolations(page)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([learner.displayName])
  })
})

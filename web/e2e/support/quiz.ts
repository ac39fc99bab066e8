// The demo quiz of Web Accessibility Basics (supabase/seeds/quizzes.sql: six fixed questions in this order, 70 % to
// pass), answered in the player as a learner would, for the journeys that take it.
import { expect, type Page } from '@playwright/test'

export const question = (page: Page, n: number) =>
  page.getByRole('heading', { name: new RegExp(`^Question ${n} of 6`) })

/** Answers the six questions right, going on with Enter from each input (keyboard first). */
export async function answerAllRight(page: Page) {
  await expect(question(page, 1)).toBeVisible()
  await page.getByRole('radio', { name: 'Operable' }).click()
  await page.keyboard.press('Enter')
  await expect(question(page, 2)).toBeFocused()
  for (const text of ['`<button>`', '`<a href="...">`', '`<input>`']) {
    await page.getByRole('checkbox', { name: text, exact: true }).click()
  }
  await page.keyboard.press('Enter')
  await expect(question(page, 3)).toBeFocused()
  // Arrows move within the radio group and pick (Radix): from nothing picked, focus the group, then pick False.
  await page.getByRole('radio', { name: 'False' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByRole('radio', { name: 'False' })).toBeChecked()
  await page.keyboard.press('Enter')
  await page.getByLabel('Your answer', { exact: true }).fill('  ALT ')
  await page.keyboard.press('Enter')
  await page.getByLabel('Your answer (a number)').fill('4,5')
  await page.keyboard.press('Enter')
  await expect(question(page, 6)).toBeFocused()
  await page.getByRole('radio', { name: 'Tab' }).click()
  await expect(page.getByText('Answer saved')).toBeVisible()
  await page.keyboard.press('Enter')
}

// The public catalog: a visitor searches, filters and pages through the URL, bad search params fall back, the draft
// course never shows, and the page has no serious accessibility violation. Reads the demo courses only.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

// The title links: a card also links its school's name to the school's page.
const courseLinks = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').getByRole('link')

test('a visitor browses the catalog: search, filter and clear', async ({ page }) => {
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible()
  await expect(courseLinks(page).filter({ hasText: 'Web Accessibility Basics' })).toBeVisible()
  await expect(courseLinks(page).filter({ hasText: 'SQL for Product People' })).toBeVisible()
  await expect(page.getByText('Public Speaking for Engineers')).toHaveCount(0)

  // Search is debounced into the URL and keeps the focus in the box.
  const search = page.getByRole('searchbox', { name: 'Search courses' })
  await search.fill('sql')
  await expect(page).toHaveURL(/[?&]q=sql\b/)
  await expect(courseLinks(page)).toHaveText(['SQL for Product People'])
  await expect(search).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: /^1 course$/ })).toBeVisible()

  // Filters write the URL too, and combine with the search.
  await search.fill('')
  await expect(page).not.toHaveURL(/[?&]q=/)
  await page.getByLabel('Level').selectOption('intermediate')
  await expect(page).toHaveURL(/[?&]level=intermediate\b/)
  await expect(courseLinks(page)).toHaveText(['Design Systems Studio'])

  // Nothing matches: the empty state names the search and clears everything.
  await search.fill('no such course zzz')
  await expect(page.getByRole('heading', { name: 'No courses match “no such course zzz”' })).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/courses$/)
  await expect(search).toHaveValue('')
  await expect(page.getByLabel('Level')).toHaveValue('')
  await expect(courseLinks(page).filter({ hasText: 'Web Accessibility Basics' })).toBeVisible()
})

test('the catalog URL is shareable: filters, sort and page come from it', async ({ page }) => {
  await page.goto('/courses?level=beginner&sort=popular')
  await expect(page.getByLabel('Level')).toHaveValue('beginner')
  await expect(page.getByLabel('Sort by')).toHaveValue('popular')
  await expect(courseLinks(page).filter({ hasText: 'Design Systems Studio' })).toHaveCount(0)
  await expect(courseLinks(page).filter({ hasText: 'Web Accessibility Basics' })).toBeVisible()

  // Past the last page: the last page (here the only one), keeping the filters; never "Page 7 of 1".
  await page.goto('/courses?level=beginner&page=7')
  await expect(page).toHaveURL(/\/courses\?level=beginner$/)
  await expect(courseLinks(page).filter({ hasText: 'Web Accessibility Basics' })).toBeVisible()
  await expect(page.getByText('Page 7 of 1')).toHaveCount(0)
})

test('bad search params fall back to the defaults instead of failing', async ({ page }) => {
  await page.goto('/courses?level=expert&sort=cheapest&page=-2&language=%3Cscript%3E')
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible()
  await expect(page.getByLabel('Level')).toHaveValue('')
  await expect(page.getByLabel('Sort by')).toHaveValue('newest')
  await expect(courseLinks(page).filter({ hasText: 'Web Accessibility Basics' })).toBeVisible()
})

test('a course card opens its course page', async ({ page }) => {
  await page.goto('/courses')
  await courseLinks(page).filter({ hasText: 'Web Accessibility Basics' }).click()
  await expect(page).toHaveURL(/\/courses\/web-accessibility-basics$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Web Accessibility Basics' })).toBeVisible()
})

test('the signed-out home page shows the hero and the newest courses', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /learn at your own pace/i })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'New courses' })).toBeVisible()
  await expect(courseLinks(page).first()).toBeVisible()
  await page.getByRole('link', { name: 'Browse courses' }).click()
  await expect(page).toHaveURL(/\/courses$/)
})

for (const [name, path, ready] of [
  ['home', '/', 'New courses'],
  ['catalog', '/courses', 'Courses'],
  ['empty catalog search', '/courses?q=nothing-matches-this', 'No courses match “nothing-matches-this”'],
] as const) {
  test(`the ${name} page has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: ready })).toBeVisible()
    const { violations } = await new AxeBuilder({ page }).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
  })
}

// The analytics charts' lesson labels fit their axis: each label lies inside its chart (nothing cut off at the
// edge), no two overlap, and a label cut short ends with an ellipsis and carries the whole title as its tooltip,
// which the table beside the chart spells out too. At 360 and 1280 px (the two projects).
import { expect, test } from '@playwright/test'
import { signIn } from './support'

const instructor = { email: 'instructor@example.com', password: 'summit-demo' }
const courseId = 'c0000000-0000-4000-8000-000000000001'

test('analytics chart labels fit, never overlap, and keep their full text in a tooltip and the table', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signIn(page, instructor.email, instructor.password, `/studio/courses/${courseId}/analytics`)
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  const chart = page.getByRole('region', { name: 'Median time per lesson' }).locator('svg.recharts-surface').first()
  await expect(chart).toBeVisible({ timeout: 20_000 })
  const labels = chart.getByTestId('axis-label')
  await expect(labels.first()).toBeVisible()

  const boxes = await labels.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect()
      const svg = node.closest('svg')?.getBoundingClientRect()
      return {
        shown: (node.textContent ?? '').replace(node.querySelector('title')?.textContent ?? '', ''),
        full: node.querySelector('title')?.textContent ?? '',
        left: box.left,
        top: box.top,
        bottom: box.bottom,
        svgLeft: svg?.left ?? 0,
      }
    }),
  )
  expect(boxes.length).toBeGreaterThan(0)
  for (const [index, label] of boxes.entries()) {
    expect(label.left, `"${label.shown}" starts inside the chart`).toBeGreaterThanOrEqual(label.svgLeft)
    const next = boxes[index + 1]
    if (next) expect(label.bottom, `"${label.shown}" ends above the next label`).toBeLessThanOrEqual(next.top + 0.5)
    if (label.shown !== label.full) {
      expect(label.shown.endsWith('…'), `"${label.shown}" shows it was cut`).toBe(true)
      expect(label.full.startsWith(label.shown.slice(0, -1).trimEnd())).toBe(true)
    }
  }
  // At least one demo title is longer than the axis: its label is cut, and the table names it in full.
  const cut = boxes.find((label) => label.shown !== label.full)
  expect(cut, 'a long lesson title is shortened on the axis').toBeDefined()
  const title = (cut?.full ?? '').replace(/^\d+\.\s*/, '')
  await expect(
    page.getByRole('table', { name: 'Median time per lesson and how many learners completed it' }),
  ).toContainText(title)
})

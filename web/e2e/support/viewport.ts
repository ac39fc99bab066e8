// The journeys' width check: at a phone's width no page may be wider than the viewport (a page that scrolls
// sideways hides its right edge and moves under the thumb). Tables and code scroll inside their own regions.
import { expect, type Page } from '@playwright/test'

/** The narrowest width the app supports; the shared axe check also checks the width there. */
export const phoneWidth = 360

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement
    // Name the element reaching furthest right, so a failure says where to look.
    let widest = ''
    let right = root.clientWidth
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect()
      if (box.width > 0 && box.right > right) {
        right = box.right
        const id = element.id ? `#${element.id}` : ''
        const classes =
          typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''
        widest = `${element.tagName.toLowerCase()}${id}${classes} (right edge ${Math.round(box.right)}px)`
      }
    }
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, widest }
  })
  expect(
    scrollWidth,
    `${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px viewport; widest: ${widest || 'none found'}`,
  ).toBeLessThanOrEqual(innerWidth)
}

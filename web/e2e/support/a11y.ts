// The journeys' accessibility check: axe on the page as it is once its finite animations have ended, failing with
// each serious or critical violation named (rule, help and the elements it found). At a phone's width it also checks
// that the page does not scroll sideways, so every journey that checks axe at 360 px checks the width too.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { expectNoSidewaysScroll, phoneWidth } from './viewport'

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A popover or dialog fades in over 200 ms: scanned midway, its text is judged against a half-transparent
  // background and fails colour contrast it meets once shown. Endless or paused ones (spinners, skeletons) are not
  // waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // axe's default mode runs in each frame, then opens a blank page to merge the frames' results: a new page, and
  // axe's 0.5 MB of source evaluated again, for every scan. Its legacy mode runs once in the page and reaches the
  // page's same-origin frames the same way; only frames of another origin need the default (the same violations
  // were found either way on a page given some). On a sample of nine journeys, axe's CPU fell by about 60 %.
  const mainOrigin = new URL(page.url()).origin
  const otherOrigins = page.frames().some((frame) => {
    const url = frame.url()
    // about:blank and about:srcdoc frames are their parent's origin.
    return url !== '' && !url.startsWith('about:') && new URL(url).origin !== mainOrigin
  })
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(!otherOrigins).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
  if ((page.viewportSize()?.width ?? Infinity) <= phoneWidth) await expectNoSidewaysScroll(page)
}

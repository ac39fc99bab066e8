// After a navigation to another page, focus moves to the new page's <h1> and a polite status announces the page's
// title, as a full page load would: keyboard users start on the new page instead of on the link they pressed (in
// the player a second Enter on "Next" would skip a lesson), and screen readers hear where they are. A change of
// search params alone (a catalog filter, a calendar month) keeps focus where it is; the first page load is left to
// the browser.
import { useEffect, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'

// A page whose heading waits for data (a lazy chunk, a suspended query, a slow connection) gets this long to show it.
const waitForHeadingMs = 15_000

/** Focuses the page's <h1> without scrolling (scroll restoration owns the scroll position). */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector('h1')
  if (!heading) return false
  // Reachable by script, not in the tab order: a heading is not a control.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
  return document.activeElement === heading
}

/**
 * Whether focus is where the navigation left it: nowhere (the page dropped it), still on what started it (the link
 * pressed), or back in the site header (the Menu drawer returns focus to its button as it closes). A page that moved
 * focus on purpose (a form's first error, a step's heading) keeps it.
 */
function focusIsLeftOver(main: HTMLElement, from: Element | null): boolean {
  const active = document.activeElement
  if (active === null || active === document.body || active === main || !active.isConnected || active === from) {
    return true
  }
  return !main.contains(active) && active.closest('header') !== null
}

export function RouteFocus() {
  const router = useRouter()
  const [announcement, setAnnouncement] = useState('')
  const from = useRef<Element | null>(null)

  useEffect(() => {
    let cleanup = () => {}
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (event.pathChanged) from.current = document.activeElement
    })
    const offResolved = router.subscribe('onResolved', (event) => {
      // The first load (no previous location) is the browser's; a new search or hash keeps focus where it is.
      if (!event.fromLocation || !event.pathChanged) return
      cleanup()
      const main = document.getElementById('main')
      if (!main) return
      const started = from.current
      const land = () => {
        if (focusIsLeftOver(main, started)) focusHeading(main)
      }
      // The heading may come later (a lazy page, a suspended query) or be replaced as the page settles: land on it
      // whenever focus is left over, for a few seconds.
      const observer = new MutationObserver(land)
      observer.observe(main, { childList: true, subtree: true })
      const stop = window.setTimeout(() => observer.disconnect(), waitForHeadingMs)
      // A frame later the new page has rendered and DocumentTitle has set its title. Clearing first makes a title
      // equal to the last one (two pages named alike) be announced again.
      setAnnouncement('')
      const frame = window.requestAnimationFrame(() => {
        land()
        setAnnouncement(document.title)
      })
      cleanup = () => {
        observer.disconnect()
        window.clearTimeout(stop)
        window.cancelAnimationFrame(frame)
      }
    })
    return () => {
      offBefore()
      offResolved()
      cleanup()
    }
  }, [router])

  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  )
}

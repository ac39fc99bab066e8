// Work that no page needs to draw (loading the code of a dialog, of the Functions client) starts once the page's load
// event has passed and the browser is idle: it never competes with a first load, and is there by the time someone
// reaches for it.
import { loadOnce } from './load-once'

/** Runs `task` once the page has loaded and the browser is idle; nothing without a window (tests in Node, SSR). */
export function afterPageLoad(task: () => void): void {
  if (typeof window === 'undefined') return
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task())
    else setTimeout(task, 0)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}

/**
 * A load shared by every caller (`loadOnce`) that also starts by itself once the page has loaded and the browser is
 * idle: whichever comes first, the first use or the idle moment. A failed idle load is left for the first use to
 * meet, and load again.
 */
export function loadSoonAfterPageLoad<T>(load: () => Promise<T>): () => Promise<T> {
  const shared = loadOnce(load)
  afterPageLoad(() => void shared().catch(() => undefined))
  return shared
}

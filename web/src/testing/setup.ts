// Runs before every web test file. Without Vitest globals, Testing Library cannot register its
// own cleanup, so unmount rendered trees here to keep tests independent.
import { webcrypto } from 'node:crypto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// The tests run in one jsdom window per worker (the vmThreads pool), whose crypto is jsdom's: random values only, no
// SubtleCrypto. Browsers have both; Node's Web Crypto stands in for them.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
// Each file starts with empty storage, as it did with a window of its own: drafts, outboxes and sessions written by
// another file in the same worker must not leak into it.
localStorage.clear()
sessionStorage.clear()
// The worker's window may still be loading when its first file starts (readyState "interactive"); a page's code runs
// in a loaded page, and so does each file here.
if (document.readyState !== 'complete') {
  await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
}

afterEach(() => {
  cleanup()
})

// jsdom has no layout, so its scrollTo only logs "Not implemented"; the router's scroll
// restoration calls it on every navigation. A no-op keeps test output readable.
window.scrollTo = () => {}
